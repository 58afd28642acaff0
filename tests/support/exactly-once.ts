import { expect } from "vitest";
import type { AppDeps } from "../../server/deps.js";
import { creditsOf } from "./factories.js";

/**
 * The fault catalogue's money check after a fault: every message the server acknowledged is
 * stored, none twice, nothing stored that was never sent, and the sender's balance is the sum of
 * the ledger and exactly `startCredits` less `costPerMessage` per stored message.
 */
export async function expectStoredExactlyOnce(
  deps: AppDeps,
  senderId: number,
  sent: { acknowledged: ReadonlySet<string>; attempted: ReadonlySet<string> },
  money: { startCredits: number; costPerMessage: number },
): Promise<void> {
  const rows = await deps.db.selectFrom("messages").select(["client_id"]).where("sender_id", "=", senderId).execute();
  const stored = rows.map((r) => r.client_id);
  expect(new Set(stored).size, "no message stored twice").toBe(stored.length);
  for (const id of sent.acknowledged) expect(stored, `acknowledged ${id} is stored`).toContain(id);
  for (const id of stored) expect(sent.attempted.has(id), `${id} was sent`).toBe(true);
  const c = await creditsOf(deps, senderId);
  expect(c.balance).toBe(c.ledgerSum);
  expect(c.balance).toBe(money.startCredits - money.costPerMessage * stored.length);
}
