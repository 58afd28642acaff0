import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../domain-error.js";
import { handleWebhook, WebhookTooEarlyError } from "./payments.service.js";
import { WebhookRejectedError } from "./providers/payment-provider.js";
import { CheckoutClosedError, TEST_CARDS } from "./providers/simulated.provider.js";

const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

const Decision = z.discriminatedUnion("outcome", [
  z.object({
    outcome: z.literal("approve"),
    card: z.enum(Object.keys(TEST_CARDS) as [keyof typeof TEST_CARDS]).optional(),
    saveCard: z.boolean().optional(),
  }),
  z.object({ outcome: z.literal("fail") }),
  z.object({ outcome: z.literal("cancel") }),
  z.object({ outcome: z.literal("pending") }),
]);
const ReferenceParams = z.object({ reference: z.string().regex(/^sim_[A-Za-z0-9_-]{10,64}$/) });

/**
 * The payment HTTP endpoints outside tRPC (a provider is not a tRPC client):
 * - POST /payments/webhook/:provider — a provider's signed webhook. The body is kept raw: the
 *   signature (HMAC-SHA256) is over the exact bytes. 200 applied or duplicate; 401 bad signature;
 *   400 bad body; 404 unknown payment; 409 payment not ready yet (the provider retries).
 * - /simulated-checkout/sessions/:reference (GET the session, POST …/decide the payer's choice):
 *   the built-in simulated provider's hosted checkout API, behind the page /checkout/:reference.
 */
export function paymentRoutes(deps: AppDeps) {
  return async function (app: FastifyInstance) {
    await app.register(async (webhooks) => {
      webhooks.removeContentTypeParser(["application/json"]);
      webhooks.addContentTypeParser(
        "application/json",
        { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
        (_req, body, done) => done(null, body),
      );
      webhooks.post<{ Params: { provider: string } }>("/payments/webhook/:provider", async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        try {
          const outcome = await handleWebhook(deps, req.params.provider, raw, req.headers);
          return reply.code(200).send({ received: true, ...outcome });
        } catch (err) {
          if (err instanceof WebhookRejectedError) {
            req.log.warn({ reason: err.reason }, "payment webhook refused");
            return reply.code(err.reason === "bad_signature" ? 401 : 400).send({ error: err.reason });
          }
          if (err instanceof NotFoundError) return reply.code(404).send({ error: "not_found" });
          if (err instanceof WebhookTooEarlyError) return reply.code(409).send({ error: "not_ready" });
          throw err;
        }
      });
    });

    await app.register(async (checkout) => {
      checkout.get("/simulated-checkout/sessions/:reference", async (req, reply) => {
        const provider = deps.simulatedCheckout;
        const params = ReferenceParams.safeParse(req.params);
        const session = provider && params.success ? await provider.getCheckout(params.data.reference) : null;
        if (!session) return reply.code(404).header("cache-control", "no-store").send({ error: "not_found" });
        return reply.header("cache-control", "no-store").send(session);
      });
      checkout.post("/simulated-checkout/sessions/:reference/decide", { bodyLimit: 4096 }, async (req, reply) => {
        const provider = deps.simulatedCheckout;
        const params = ReferenceParams.safeParse(req.params);
        const decision = Decision.safeParse(req.body);
        if (!provider || !params.success) return reply.code(404).send({ error: "not_found" });
        if (!decision.success)
          return reply
            .code(400)
            .send({ error: "validation", message: decision.error.issues.map((i) => i.message).join(" ") });
        try {
          return reply
            .header("cache-control", "no-store")
            .send(await provider.decide(params.data.reference, decision.data));
        } catch (err) {
          if (err instanceof CheckoutClosedError)
            return reply.code(409).send({ error: "checkout_closed", status: err.status });
          throw err;
        }
      });
    });
  };
}
