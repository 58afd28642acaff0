import crypto from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, failureOf, memberFactory } from "../support/factories.js";
import { purgeExpiredAccounts } from "../../server/features/account-deletion/deletion.service.js";

/**
 * Issue 9 "Deleting and coming back": once an account is purged (§4, §9 14 days) the messages it
 * wrote are shown in the other member's chats as from a deleted member: a placeholder profile
 * (deleted flag, no name, no photo, no place), the history readable, nothing writable or charged.
 * While merely pending deletion the conversation stays hidden. The clock is injected.
 */
const t = useTestServer();
const member = memberFactory(t, { credits: 200, country: "NL" });
const browsers: TestBrowser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.closeSockets()));
});

const DAY_MS = 24 * 3600 * 1000;
const at = (days: number) => () => new Date(Date.now() + days * DAY_MS);

describe("a purged member's conversation shows as from a deleted member (issue 9)", () => {
  it("hidden while pending, shown with a placeholder after the purge; sending is refused, nothing charged", async () => {
    const gone = await member();
    const other = await member();
    await gone.api.chats.send({ toProfileId: other.id, clientId: crypto.randomUUID(), body: "hello from me" });
    await other.api.chats.send({ toProfileId: gone.id, clientId: crypto.randomUUID(), body: "hi back" });
    await gone.api.accountDeletion.delete({ reason: "other", confirm: true });

    // Pending deletion: hidden from the other member's chats.
    expect((await other.api.chats.list()).chats.some((c) => c.profile.id === gone.id)).toBe(false);

    expect(await purgeExpiredAccounts(t.server.deps, at(15))).toBe(1);

    const item = (await other.api.chats.list()).chats.find((c) => c.profile.id === gone.id);
    expect(item).toBeDefined();
    expect(item!.profile).toMatchObject({
      id: gone.id,
      deleted: true,
      name: "",
      mainImage: null,
      city: null,
      country: null,
      lastActive: null,
    });
    expect(item!.lastMessage).toEqual({ body: "hi back", fromMe: true });

    const conv = await other.api.chats.conversation({ conversationId: item!.conversationId });
    expect(conv.profile.deleted).toBe(true);
    expect(conv.messages.map((m) => m.body)).toEqual(["hello from me", "hi back"]);
    expect((await other.api.chats.withProfile({ profileId: gone.id })).profile.deleted).toBe(true);

    // No profile page, no search result.
    expect(appCodeOf(await failureOf(other.api.members.get({ id: gone.id })))).toBe("NOT_FOUND");
    const search = await other.api.members.search({ country: "NL", pageSize: 50 });
    expect(search.items.some((p) => p.id === gone.id)).toBe(false);

    // Sending is refused; the balance and the ledger are unchanged.
    const db = t.server.deps.db;
    const creditsOf = async () =>
      (await db.selectFrom("users").select("credits").where("id", "=", other.id).executeTakeFirstOrThrow()).credits;
    const ledgerRows = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from credit_ledger where user_id = ${other.id}`.execute(db))
          .rows[0]!.n,
      );
    const [before, rowsBefore] = [await creditsOf(), await ledgerRows()];
    const write = await failureOf(
      other.api.chats.send({ toProfileId: gone.id, clientId: crypto.randomUUID(), body: "are you there?" }),
    );
    expect(appCodeOf(write)).toBe("NOT_FOUND");
    expect(await creditsOf()).toBe(before);
    expect(await ledgerRows()).toBe(rowsBefore);
    expect((await other.api.chats.conversation({ conversationId: item!.conversationId })).messages).toHaveLength(2);

    // The legacy list carries the same placeholder.
    const legacy = TestBrowser.withSession(t.server, other);
    browsers.push(legacy);
    const chats = await (await legacy.fetch("/api/chats.php")).json();
    const legacyItem = chats.chats.find((c: { profile: { id: number } }) => c.profile.id === gone.id);
    expect(legacyItem.profile).toMatchObject({ deleted: true, name: "", main_image: null });

    // A living contact is not flagged.
    const alive = await member();
    await alive.api.chats.send({ toProfileId: other.id, clientId: crypto.randomUUID(), body: "still here" });
    const aliveItem = (await other.api.chats.list()).chats.find((c) => c.profile.id === alive.id);
    expect(aliveItem?.profile.deleted).toBe(false);
    expect(aliveItem?.profile.name).not.toBe("");
  });
});
