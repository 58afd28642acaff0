import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM_CREDITS, DEMO_PREMIUM_EMAIL, seedIfEmpty } from "../../server/features/demo/demo.seed.js";
import { listPayments, listRepeatOptions } from "../../server/features/payments/payments.service.js";
import { useTestServer } from "../support/server.js";

/**
 * The README's premium demo account is a member who bought credits (§2: buying any package makes
 * a member premium): its credits come from completed purchases, so /transactions and
 * /credits/repeat-order show what a paying member sees. Seeded on the real database, with no
 * generated members.
 */
describe("the premium demo account", () => {
  const ctx = useTestServer();

  it("holds 500 credits bought in two completed purchases, which its ledger references", async () => {
    const { deps } = ctx.server;
    await seedIfEmpty(deps);
    const member = await deps.db
      .selectFrom("users")
      .select(["id", "paid_user", "credits"])
      .where("email", "=", DEMO_PREMIUM_EMAIL)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ paid_user: true, credits: DEMO_PREMIUM_CREDITS });

    const { items } = await listPayments(deps, member.id, {});
    expect(items.map((p) => [p.status, p.credits, p.method])).toEqual([
      ["completed", 250, "ideal"],
      ["completed", 250, "ideal"],
    ]);
    const ledger = await deps.db
      .selectFrom("credit_ledger")
      .select(["delta", "balance_after", "reason", "reference"])
      .where("user_id", "=", member.id)
      .orderBy("id")
      .execute();
    expect(ledger).toEqual(
      items
        .map((p) => p.id)
        .sort((a, b) => a - b)
        .map((id, i) => ({ delta: 250, balance_after: 250 * (i + 1), reason: "purchase", reference: `payment:${id}` })),
    );

    // The last order can be bought again with its method (a new checkout: iDEAL keeps no mandate).
    const repeat = await listRepeatOptions(deps, member.id);
    expect(repeat).toHaveLength(1);
    expect(repeat[0]).toMatchObject({ credits: 250, method: "ideal", country: "NL", currency: "EUR", oneClick: false });
  });

  it("is seeded once: a second start on the same database adds nothing", async () => {
    const { deps } = ctx.server;
    await seedIfEmpty(deps);
    const payments = await deps.db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(payments.n)).toBe(2);
  });
});
