import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestServer } from "../support/server.js";
import { creditsOf, memberFactory } from "../support/factories.js";

/**
 * The database itself refuses a value no code path may write (ARCHITECTURE "Money": a balance
 * never below zero; the states of §4), whatever the application does. Since migration
 * 2026_11_28_0500 these rules are domains on the columns, not table CHECK constraints: each case
 * below must still be refused with 23514 (check_violation) and leave the row as it was, on
 * PostgreSQL and on PGlite.
 */
const t = useTestServer();
const member = memberFactory(t, { country: "NL" });

async function refusal(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
}

/** A member with a conversation, a paid message and its ledger row. */
async function pairWithMessage() {
  const a = await member({ credits: 100, paid: true });
  const b = await member();
  const sent = await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hello" });
  return { a, b, conversationId: sent.message.conversationId };
}

describe("the database refuses what no code path may write", () => {
  it("a balance below zero, by a direct write or by a debit larger than the balance", async () => {
    const { a } = await pairWithMessage();
    const db = t.server.deps.db;
    const before = await creditsOf(t.server.deps, a.id);
    expect(await refusal(db.updateTable("users").set({ credits: -1 }).where("id", "=", a.id).execute())).toBe("23514");
    expect(
      await refusal(
        db
          .updateTable("users")
          .set({ credits: sql`credits - ${before.balance + 1}` })
          .where("id", "=", a.id)
          .execute(),
      ),
    ).toBe("23514");
    expect(await creditsOf(t.server.deps, a.id)).toEqual(before);
    // The rule holds for every write of the column, a debit that stays at zero included.
    await db
      .updateTable("users")
      .set({ credits: sql`credits - ${before.balance}` })
      .where("id", "=", a.id)
      .execute();
    const after = await db.selectFrom("users").select("credits").where("id", "=", a.id).executeTakeFirstOrThrow();
    expect(after.credits).toBe(0);
  });

  it.each([
    { column: "status", value: "deleted", what: "a status §4 does not have" },
    { column: "role", value: "admin", what: "an unknown role" },
    { column: "moderation_status", value: "muted", what: "an unknown moderation state" },
    { column: "free_messages_left", value: -1, what: "free messages below zero" },
    { column: "deleted_started_conversations", value: -1, what: "a count below zero" },
    { column: "traffic_source", value: JSON.stringify(["utm_source"]), what: "a list, not an object" },
    {
      column: "traffic_source",
      value: JSON.stringify({ utm_source: "x".repeat(1000) }),
      what: "over 1,000 characters",
    },
  ] as const)("a member's $column: $what", async ({ column, value }) => {
    const a = await member();
    const db = t.server.deps.db;
    const before = await db.selectFrom("users").selectAll().where("id", "=", a.id).executeTakeFirstOrThrow();
    const code = await refusal(sql`update users set ${sql.ref(column)} = ${value} where id = ${a.id}`.execute(db));
    expect(code).toBe("23514");
    expect(await db.selectFrom("users").selectAll().where("id", "=", a.id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it("the values the rules allow are still written: every status, no traffic source, a small object", async () => {
    const a = await member();
    const db = t.server.deps.db;
    for (const status of ["not_confirmed", "pending_deletion", "active"]) {
      await sql`update users set status = ${status} where id = ${a.id}`.execute(db);
    }
    await sql`update users set traffic_source = null, moderation_status = 'suspended', role = 'operator' where id = ${a.id}`.execute(
      db,
    );
    await sql`update users set traffic_source = ${JSON.stringify({ utm_source: "newsletter" })}::jsonb where id = ${a.id}`.execute(
      db,
    );
    const row = await db
      .selectFrom("users")
      .select(["status", "role", "moderation_status", "traffic_source"])
      .where("id", "=", a.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: "active",
      role: "operator",
      moderation_status: "suspended",
      traffic_source: { utm_source: "newsletter" },
    });
  });

  it("a ledger row of zero credits or with a balance below zero", async () => {
    const { a } = await pairWithMessage();
    const db = t.server.deps.db;
    const before = await creditsOf(t.server.deps, a.id);
    const row = (delta: number, balanceAfter: number) =>
      db
        .insertInto("credit_ledger")
        .values({
          user_id: a.id,
          delta,
          balance_after: balanceAfter,
          reason: "purchase",
          reference: crypto.randomUUID(),
        })
        .execute();
    expect(await refusal(row(0, before.balance))).toBe("23514");
    expect(await refusal(row(-(before.balance + 1), -1))).toBe("23514");
    expect(await creditsOf(t.server.deps, a.id)).toEqual(before);
  });

  it("an unread count below zero, and a gift that is not a gift's name", async () => {
    const { a, b, conversationId } = await pairWithMessage();
    const db = t.server.deps.db;
    expect(
      await refusal(
        db
          .updateTable("conversation_members")
          .set({ unread_count: -1 })
          .where("conversation_id", "=", conversationId)
          .where("user_id", "=", b.id)
          .execute(),
      ),
    ).toBe("23514");
    const unread = await db
      .selectFrom("conversation_members")
      .select("unread_count")
      .where("conversation_id", "=", conversationId)
      .where("user_id", "=", b.id)
      .executeTakeFirstOrThrow();
    expect(unread.unread_count).toBe(1);

    const message = db
      .insertInto("messages")
      .values({
        conversation_id: conversationId,
        seq: 99,
        sender_id: a.id,
        client_id: crypto.randomUUID(),
        body: "a gift",
        credits_charged: 0,
        gift: "Red Rose!",
      })
      .execute();
    expect(await refusal(message)).toBe("23514");
    const count = await db
      .selectFrom("messages")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("conversation_id", "=", conversationId)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });
});
