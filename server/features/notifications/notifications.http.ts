import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { DomainError } from "../../domain-error.js";
import {
  handleMailReport,
  MAIL_WEBHOOK_SIGNATURE_HEADER,
  MailWebhookRejectedError,
  unsubscribe,
} from "./notifications.service.js";

/** The one-click unsubscribe address of List-Unsubscribe (RFC 8058). */
export const UNSUBSCRIBE_PATH = "/mail/unsubscribe";
/** The bounce / feedback-loop webhook (README "Mail webhook"). */
export const MAIL_WEBHOOK_PATH = "/webhooks/mail";

const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Mail endpoints outside tRPC (mail clients and the mail provider are not tRPC clients):
 * - POST /mail/unsubscribe?token=… — RFC 8058 one-click (body `List-Unsubscribe=One-Click`):
 *   200 done, 400 bad token. GET answers 303 to the page /unsubscribe?token=…, which asks before
 *   unsubscribing (a GET never changes state: link scanners follow GETs).
 * - POST /webhooks/mail — a signed JSON bounce / complaint report: 200 {result}, 401 bad
 *   signature, 400 bad body.
 */
export function notificationRoutes(deps: AppDeps) {
  return async function (app: FastifyInstance) {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
        done(null, body),
      );

      scope.post<{ Querystring: { token?: unknown } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
        const token = typeof req.query.token === "string" ? req.query.token : "";
        try {
          await unsubscribe(deps, token);
        } catch (err) {
          if (err instanceof DomainError) return reply.code(400).send({ error: "link_invalid" });
          throw err;
        }
        return reply.code(200).header("cache-control", "no-store").send({ unsubscribed: true });
      });
      scope.get<{ Querystring: { token?: unknown; lang?: unknown } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
        const token = typeof req.query.token === "string" ? req.query.token.slice(0, 64) : "";
        // The mail's language (a body link carries it) goes on to the page.
        const lang = typeof req.query.lang === "string" && /^[a-z]{2}$/.test(req.query.lang) ? req.query.lang : null;
        return reply.redirect(`/unsubscribe?token=${encodeURIComponent(token)}${lang ? `&lang=${lang}` : ""}`, 303);
      });

      scope.post(MAIL_WEBHOOK_PATH, async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        try {
          const result = await handleMailReport(deps, raw, req.headers[MAIL_WEBHOOK_SIGNATURE_HEADER]);
          return reply.code(200).send({ received: true, result });
        } catch (err) {
          if (err instanceof MailWebhookRejectedError) {
            req.log.warn({ reason: err.reason }, "mail webhook refused");
            return reply.code(err.reason === "bad_signature" ? 401 : 400).send({ error: err.reason });
          }
          throw err;
        }
      });
    });
  };
}
