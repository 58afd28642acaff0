import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import {
  AUTH_COOKIE_MAX_AGE_SECONDS,
  AUTH_COOKIE_NAME,
  LOCALES,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_COOKIE_NAME,
} from "../constants.js";
import * as accounts from "../features/accounts/accounts.service.js";
import { LoginInput } from "../features/accounts/accounts.schema.js";
import { PushSubscriptionInput } from "../features/push/push.schema.js";
import { savePushSubscription } from "../features/push/push.service.js";
import { getSiteForHost } from "../features/site/site.service.js";
import { legacyUser } from "./shapes.js";
import { answeredNotModified, noStore, parse, requireMember, requirePollMember, setCookie } from "./request.js";

/** The client's request-type header on user.php calls (§7): accepted and logged. */
export const REQUEST_TYPE_HEADER = "x-request-type";

const LegacyLogin = z.object({
  email: z.string({ message: "Enter your e-mail address" }).min(1, { message: "Enter your e-mail address" }),
  password: z.string({ message: "Enter your password" }).min(1, { message: "Enter your password" }),
});
const UpdateLanguage = z.object({
  language: z.enum(LOCALES, { message: `Language must be one of ${LOCALES.join(", ")}` }),
});
const PushQuery = z.object({ push: z.enum(["1", "true"]).optional() }).loose();

/** §7 /api/user.php: log in (POST), the current user (GET), language (PUT), push subscription (POST ?push=1). */
export function userRoutes(deps: AppDeps) {
  return async function (app: FastifyInstance) {
    app.addHook("onRequest", async (req) => {
      const requestType = req.headers[REQUEST_TYPE_HEADER] ?? req.headers["x-requested-with"];
      req.log.debug(
        { requestType: typeof requestType === "string" ? requestType.slice(0, 64) : null, method: req.method },
        "user.php",
      );
    });

    /** §7 the current user; conditional (ETag on the member's event seq) like chats.php. */
    app.get("/user.php", async (req, reply) => {
      const member = await requirePollMember(deps, req);
      if (answeredNotModified(req, reply, "user", member)) return reply;
      const [user, site] = await Promise.all([
        accounts.getCurrentUser(deps, member.id),
        getSiteForHost(deps, req.hostname),
      ]);
      return reply.send({ user: legacyUser(user, site) });
    });

    app.post("/user.php", async (req, reply) => {
      const { push } = parse(PushQuery, req.query);
      if (push) {
        const member = await requireMember(deps, req);
        await deps.rateLimits.consume("push_subscribe", `m:${member.id}`); // as tRPC's push.subscribe
        const input = parse(PushSubscriptionInput, req.body);
        const state = await savePushSubscription(deps, member, input);
        return noStore(reply).send({ ok: true, push: state });
      }
      // Login (JSON or form-encoded, §7): the same service as accounts.login, throttle included.
      const raw = parse(LegacyLogin, req.body);
      const input = parse(LoginInput, raw);
      const { user, token } = await accounts.login(deps, input);
      setCookie(deps, req, reply, AUTH_COOKIE_NAME, token, AUTH_COOKIE_MAX_AGE_SECONDS);
      const site = await getSiteForHost(deps, req.hostname);
      return noStore(reply).send({ user: legacyUser(user, site) });
    });

    app.put("/user.php", async (req, reply) => {
      const member = await requireMember(deps, req);
      const { language } = parse(UpdateLanguage, req.body);
      const user = await accounts.updateSettings(deps, member.id, { language });
      setCookie(deps, req, reply, LOCALE_COOKIE_NAME, language, LOCALE_COOKIE_MAX_AGE_SECONDS);
      const site = await getSiteForHost(deps, req.hostname);
      return noStore(reply).send({ user: legacyUser(user, site) });
    });
  };
}
