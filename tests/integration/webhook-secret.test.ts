import { describe, expect, it } from "vitest";
import { startTestServer, useTestServer } from "../support/server.js";
import { postWebhook, webhookBody } from "../support/payments.js";

/**
 * No secret has a built-in value (ARCHITECTURE "The edge"): without PAYMENT_WEBHOOK_SECRET the
 * server generates one on first start, keeps it in the database and every instance uses it.
 */
const t = useTestServer();

/** The fixed development key earlier versions fell back to: anyone could sign with it. */
const OLD_DEVELOPMENT_KEY = "dev-only-payment-webhook-secret";

describe("the payment webhook key", () => {
  it("is generated on first start, not a fixed string, and stored for every instance", async () => {
    const secret = t.server.deps.paymentWebhookSecret;
    expect(secret).not.toBe(OLD_DEVELOPMENT_KEY);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const stored = await t.server.deps.db
      .selectFrom("server_secrets")
      .select("value")
      .where("name", "=", "payment_webhook")
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe(secret);
    // A second instance on the same database uses the same key.
    const second = await startTestServer(t.db, { listen: false });
    try {
      expect(second.deps.paymentWebhookSecret).toBe(secret);
    } finally {
      await second.close();
    }
  });

  it("a webhook signed with the old development key is refused (401)", async () => {
    const body = webhookBody({
      reference: "chk_forged",
      paymentId: 1,
      status: "completed",
      amountCents: 999,
      currency: "EUR",
    });
    expect((await postWebhook(t.server, body, { secret: OLD_DEVELOPMENT_KEY })).status).toBe(401);
    expect((await postWebhook(t.server, body)).status).not.toBe(401);
  });
});

describe("with PAYMENT_WEBHOOK_SECRET set", () => {
  const s = useTestServer({ env: { PAYMENT_WEBHOOK_SECRET: "a-configured-key-of-forty-characters-1234" } });
  it("the configured key is used", () => {
    expect(s.server.deps.paymentWebhookSecret).toBe("a-configured-key-of-forty-characters-1234");
  });
});
