import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { AUTH_COOKIE_NAME } from "../constants.js";
import { Id } from "../validation.js";
import * as accounts from "../features/accounts/accounts.service.js";
import { recordPageHidden } from "../features/accounts/activity.service.js";
import { listChats, removeChat } from "../features/chats/chats.service.js";
import { listSentAndReceivedLikes } from "../features/likes/likes.service.js";
import { pickAutoLikeProfile } from "../features/likes/auto-like.service.js";
import { findDiscountCode, getWelcomeDiscount } from "../features/discounts/discounts.service.js";
import { DiscountCodeText } from "../features/payments/payments.schema.js";
import { legacyAutoLike, legacyChat, legacyLikedBy, legacyLikedProfile } from "./shapes.js";
import {
  answeredNotModified,
  memberOf,
  noStore,
  parse,
  requireMember,
  requirePollMember,
  setCookie,
} from "./request.js";

/** DELETE /api/chat.php: the conversation id, as a number or { id }, in the body or the query. */
const RemoveChat = z.object({
  conversation: z
    .union([Id, z.object({ id: Id })], { message: "Give the conversation id" })
    .transform((c) => (typeof c === "number" ? c : c.id)),
});

const DiscountQuery = z
  .object({
    welcome: z.enum(["true", "1", "false", "0"]).optional(),
    code: DiscountCodeText.optional(), // as tRPC's: ASCII only, so upper-casing cannot turn ı into I
  })
  .loose()
  .refine((q) => q.welcome === "true" || q.welcome === "1" || q.code !== undefined, {
    message: "Give a code, or welcome=true",
  });

/** The logged-in member's calls of §7: logout, chats, chat removal, likes, auto-like, discount codes, page-hidden. */
export function memberRoutes(deps: AppDeps) {
  return async function (app: FastifyInstance) {
    /** Logs out: ends the session (closing its sockets everywhere) and clears the cookie. Idempotent. */
    app.get("/logout.php", async (req, reply) => {
      const member = await memberOf(deps, req);
      if (member) await accounts.logout(deps, member.sessionId);
      setCookie(deps, req, reply, AUTH_COOKIE_NAME, "", 0);
      // As tRPC's accounts.logout: the browser forgets what it stored of this origin's answers.
      return noStore(reply).header("clear-site-data", '"cache"').send({ ok: true });
    });

    /** §7 chat list; conditional (ETag on the member's event seq): an unchanged poll is one query and a 304. */
    app.get("/chats.php", async (req, reply) => {
      const member = await requirePollMember(deps, req);
      if (answeredNotModified(req, reply, "chats", member)) return reply;
      const { chats, totalUnread } = await listChats(deps, member.id);
      return reply.send({ chats: chats.map(legacyChat), total_unread_messages: totalUnread });
    });

    app.delete("/chat.php", async (req, reply) => {
      const member = await requireMember(deps, req);
      const body = req.body && typeof req.body === "object" && Object.keys(req.body).length ? req.body : req.query;
      const { conversation } = parse(RemoveChat, body);
      await removeChat(deps, member.id, conversation);
      return noStore(reply).send({ ok: true });
    });

    /** §7 likes sent and received; conditional like chats.php. */
    app.get("/likes.php", async (req, reply) => {
      const member = await requirePollMember(deps, req);
      if (answeredNotModified(req, reply, "likes", member)) return reply;
      const { sent, received, totalNew } = await listSentAndReceivedLikes(deps, member.id);
      return reply.send({
        profiles: sent.map(legacyLikedProfile),
        liked_by: received.map(legacyLikedBy),
        total_new_likes: totalNew,
      });
    });

    app.get("/auto-like.php", async (req, reply) => {
      const member = await requireMember(deps, req);
      const profile = await pickAutoLikeProfile(deps, member.id);
      return noStore(reply).send({ profile: profile ? legacyAutoLike(profile) : null });
    });

    app.get("/discountcode.php", async (req, reply) => {
      const member = await requireMember(deps, req);
      const q = parse(DiscountQuery, req.query);
      const welcome = q.welcome === "true" || q.welcome === "1";
      // As tRPC's discounts.check: an answer tells whether a code exists (trpc/rate-limit.ts).
      if (!welcome) await deps.rateLimits.consume("discount_code", `m:${member.id}`);
      const code = welcome
        ? await getWelcomeDiscount(deps, member.id)
        : await findDiscountCode(deps, member.id, q.code!);
      return noStore(reply).send({ discountcode: code });
    });

    app.post("/page-hidden.php", async (req, reply) => {
      // The beacon's body (empty JSON, or the same as text/plain from sendBeacon) carries nothing.
      const member = await requireMember(deps, req);
      await recordPageHidden(deps, member.id);
      return reply.code(204).send();
    });
  };
}
