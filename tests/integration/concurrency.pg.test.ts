import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { skipWithout } from "../support/env.js";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, countRows, creditsOf, signupFields, memberFactory } from "../support/factories.js";

/**
 * Races: PGlite is single-user, so these run on the real PostgreSQL only (ARCHITECTURE
 * "Real time", "Money").
 */
describe.skipIf(skipWithout("postgres", "concurrency of credits, idempotent sends, likes and conversations"))(
  "races on PostgreSQL",
  () => {
    const t = useTestServer();

    const member = memberFactory(t);
    type Member = Awaited<ReturnType<typeof member>>;

    const send = (from: Member, to: { id: number }, body: string, clientId: string = crypto.randomUUID()) =>
      from.api.chats.send({ toProfileId: to.id, clientId, body });

    async function outcomes<T>(calls: Array<Promise<T>>) {
      const settled = await Promise.allSettled(calls);
      const ok = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      const codes = settled.flatMap((s) => (s.status === "rejected" ? [appCodeOf(s.reason) ?? String(s.reason)] : []));
      return { ok, codes };
    }

    async function expectMoneyInvariants(userId: number) {
      const c = await creditsOf(t.server.deps, userId);
      expect(c.balance).toBe(c.ledgerSum);
      expect(c.balance).toBeGreaterThanOrEqual(0);
      const negative = await t.server.deps.db
        .selectFrom("credit_ledger")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("user_id", "=", userId)
        .where("balance_after", "<", 0)
        .executeTakeFirstOrThrow();
      expect(negative.n).toBe(0);
      return c;
    }

    it("20 concurrent sends with credits for exactly 5: 5 succeed, the balance ends at 0, never below", async () => {
      const a = await member({ paid: true, credits: 50 });
      const b = await member();
      const { ok, codes } = await outcomes(Array.from({ length: 20 }, (_, i) => send(a, b, `race ${i}`)));
      expect(ok).toHaveLength(5);
      expect(codes).toEqual(Array(15).fill("NOT_ENOUGH_CREDITS"));
      expect(ok.every((r) => r.charged === 10)).toBe(true);
      expect(ok.map((r) => r.credits).sort((x, y) => x - y)).toEqual([0, 10, 20, 30, 40]);
      const c = await expectMoneyInvariants(a.id);
      expect(c).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 6 });
      const seqs = (
        await t.server.deps.db
          .selectFrom("messages")
          .select("seq")
          .where("sender_id", "=", a.id)
          .orderBy("seq")
          .execute()
      ).map((r) => r.seq);
      expect(seqs).toEqual([1, 2, 3, 4, 5]);
    });

    it("over HTTP, to many recipients at once, a free member's allowance and credits are each spent exactly once", async () => {
      const a = await member({ paid: true, credits: 50 });
      await t.server.deps.db
        .updateTable("users")
        .set({ free_messages_left: 3, paid_user: false })
        .where("id", "=", a.id)
        .execute();
      // A free member may start 2 conversations: two recipients, 10 sends each, all at once.
      const [b, c] = [await member(), await member()];
      const browser = TestBrowser.withSession(t.server, a);
      const { ok, codes } = await outcomes(
        Array.from({ length: 20 }, (_, i) =>
          browser.trpc.chats.send.mutate({
            toProfileId: (i % 2 ? b : c).id,
            clientId: crypto.randomUUID(),
            body: `http race ${i}`,
          }),
        ),
      );
      expect(ok).toHaveLength(3 + 5);
      expect(ok.filter((r) => r.charged === 0)).toHaveLength(3);
      expect(codes).toEqual(Array(12).fill("NOT_ENOUGH_CREDITS"));
      expect((await expectMoneyInvariants(a.id)).balance).toBe(0);
      expect(
        await t.server.deps.db
          .selectFrom("users")
          .select("free_messages_left")
          .where("id", "=", a.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ free_messages_left: 0 });
    });

    it("concurrent retries with one clientId store one message and charge once", async () => {
      const a = await member({ paid: true, credits: 100 });
      const b = await member();
      const clientId = crypto.randomUUID();
      const { ok, codes } = await outcomes(Array.from({ length: 10 }, () => send(a, b, "same message", clientId)));
      expect(codes).toEqual([]);
      expect(new Set(ok.map((r) => r.message.id)).size).toBe(1);
      expect(ok.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(ok.reduce((sum, r) => sum + r.charged, 0)).toBe(10);
      expect(
        await t.server.deps.db.selectFrom("messages").select("id").where("sender_id", "=", a.id).execute(),
      ).toHaveLength(1);
      expect(await expectMoneyInvariants(a.id)).toEqual({ balance: 90, ledgerSum: 90, ledgerRows: 2 });
      expect((await b.api.chats.list()).totalUnread).toBe(1);
    });

    it("two members writing to each other at once neither deadlock nor lose a message", async () => {
      const a = await member({ paid: true, credits: 1000 });
      const b = await member({ paid: true, credits: 1000 });
      // No conversation yet: both directions also race to create it.
      const calls = Array.from({ length: 15 }, (_, i) => [send(a, b, `a→b ${i}`), send(b, a, `b→a ${i}`)]).flat();
      const { ok, codes } = await outcomes(calls);
      expect(codes).toEqual([]);
      expect(ok).toHaveLength(30);
      expect(new Set(ok.map((r) => r.message.conversationId)).size).toBe(1);
      expect(ok.map((r) => r.message.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect((await expectMoneyInvariants(a.id)).balance).toBe(850);
      expect((await expectMoneyInvariants(b.id)).balance).toBe(850);
      expect((await a.api.chats.list()).chats).toHaveLength(1);
      expect((await a.api.chats.list()).totalUnread).toBe(15);
      expect((await b.api.chats.list()).totalUnread).toBe(15);
    });

    it("a free member starting 5 conversations at once starts at most 2", async () => {
      const a = await member({ credits: 500 });
      const others = await Promise.all(Array.from({ length: 5 }, () => member()));
      const { ok, codes } = await outcomes(others.map((o, i) => send(a, o, `hello ${i}`)));
      expect(ok).toHaveLength(2);
      expect(codes).toEqual(Array(3).fill("CONVERSATION_LIMIT"));
      const started = await t.server.deps.db
        .selectFrom("conversations")
        .select("id")
        .where("started_by", "=", a.id)
        .execute();
      expect(started).toHaveLength(2);
      await expectMoneyInvariants(a.id);
    });

    it("10 concurrent likes by a free member: at most 4 succeed", async () => {
      const a = await member();
      const targets = await Promise.all(Array.from({ length: 10 }, () => member()));
      const { ok, codes } = await outcomes(targets.map((x) => a.api.likes.like({ profileId: x.id })));
      expect(ok).toHaveLength(4);
      expect(codes).toEqual(Array(6).fill("DAILY_LIKES_EXHAUSTED"));
      expect((await a.api.likes.list({ type: "sent" })).items).toHaveLength(4);
      expect(ok.map((r) => r.likesLeftToday).sort()).toEqual([0, 1, 2, 3]);
    });

    it("concurrent signups with one e-mail address: one account, the others EMAIL_EXISTS", async () => {
      const fields = signupFields();
      const before = await countRows(t.server.deps, "users");
      const { ok, codes } = await outcomes(
        Array.from({ length: 6 }, () => new TestBrowser(t.server).trpc.accounts.signup.mutate(fields as never)),
      );
      expect(ok).toHaveLength(1);
      expect(codes).toEqual(Array(5).fill("EMAIL_EXISTS"));
      expect(await countRows(t.server.deps, "users")).toBe(before + 1);
      expect(await countRows(t.server.deps, "profiles")).toBe(before + 1);
    });
  },
);
