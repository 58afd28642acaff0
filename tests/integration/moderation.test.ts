import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { uploadPhoto } from "../support/photos.js";
import { activationTokenFor, resetTokenFor } from "../support/mailbox.js";
import { TestBrowser } from "../support/client.js";
import {
  appCodeOf,
  callerFor,
  createMember,
  createMemberWithApi,
  eventually,
  failureOf,
  type MemberWithApi,
} from "../support/factories.js";
import { clearSiteCache } from "../../server/features/site/site.service.js";
import {
  BLOCKED_CHAT_COPY_DAYS,
  grantOperator,
  pruneBlockedChatCopies,
} from "../../server/features/moderation/moderation.service.js";

/**
 * Issue 10, reporting and moderation: reports by members and visitors keep a copy of what was
 * reported; the /ops procedures are for operators only; every console action is recorded with
 * who and when; suspended and banned members lose every session and socket and cannot log in;
 * photo moderation 'pre' keeps new photos pending and visible to their owner only.
 */
describe("reporting and the operator console", () => {
  const t = useTestServer();
  const member = () => createMemberWithApi(t.server.deps);
  async function operator(): Promise<MemberWithApi> {
    const m = await member();
    await grantOperator(t.server.deps, m.email);
    return m;
  }
  const auditOf = (targetId: number) =>
    t.server.deps.db
      .selectFrom("moderation_actions")
      .selectAll()
      .where("target_user_id", "=", targetId)
      .orderBy("id")
      .execute();

  /**
   * A tab's WebSocket (tRPC over `ws`, with the browser's cookies), checked to answer as `userId`;
   * `closed` resolves with the close code. It does not reconnect within the test.
   */
  async function memberSocket(browser: TestBrowser, userId: number) {
    let onClosed: (code: number | undefined) => void = () => {};
    const closed = new Promise<number | undefined>((resolve) => (onClosed = resolve));
    const socket = browser.openSocket({ retryDelayMs: 600_000, onClose: (code) => onClosed(code) });
    expect((await socket.client.accounts.me.query())?.id).toBe(userId);
    return { socket, closed };
  }

  /** A conversation where `from` sent `to` one message (free messages: no credits needed). */
  async function chat(from: MemberWithApi, to: MemberWithApi, body: string) {
    const sent = await from.api.chats.send({ toProfileId: to.id, clientId: crypto.randomUUID(), body });
    return sent.message;
  }

  it("a member reports a profile with a copy of it; the operator sees it in the queue", async () => {
    const [reporter, reported, op] = await Promise.all([member(), member(), operator()]);
    const { id } = await reporter.api.moderation.report({
      subject: "profile",
      profileId: reported.id,
      reason: "fake_profile",
      details: "  Photos are from a model agency  ",
    });
    const queue = await op.api.moderation.queue();
    const r = queue.reports.find((x) => x.id === id)!;
    expect(r).toMatchObject({
      subject: "profile",
      reason: "fake_profile",
      details: "Photos are from a model agency",
      reporter: { id: reporter.id, name: reporter.name },
      reported: { id: reported.id, name: reported.name, status: "ok" },
    });
    expect(r.snapshot).toMatchObject({ profile: { id: reported.id, name: reported.name } });
  });

  it("a message report keeps the message as it was, with those before it; a chat report the latest messages", async () => {
    const [a, b, op] = await Promise.all([member(), member(), operator()]);
    await chat(a, b, "hello there");
    const bad = await chat(a, b, "send me an amazon gift card now");
    await chat(b, a, "no");
    const { id } = await b.api.moderation.report({
      subject: "message",
      conversationId: bad.conversationId,
      seq: bad.seq,
      reason: "spam",
    });
    // The copy survives the chat's removal.
    await b.api.chats.remove({ conversationId: bad.conversationId });
    const chatReport = await a.api.moderation.report({
      subject: "chat",
      conversationId: bad.conversationId,
      reason: "harassment",
    });
    const queue = await op.api.moderation.queue();
    const msgReport = queue.reports.find((x) => x.id === id)!;
    expect(msgReport.reported?.id).toBe(a.id);
    expect(msgReport.messageId).toBe(bad.id);
    expect(msgReport.snapshot).toMatchObject({
      message: { body: "send me an amazon gift card now", senderId: a.id },
      before: [{ body: "hello there" }],
    });
    const whole = queue.reports.find((x) => x.id === chatReport.id)!;
    expect(whole.reported?.id).toBe(b.id);
    expect((whole.snapshot as { messages: Array<{ body: string }> }).messages.map((m) => m.body)).toEqual([
      "hello there",
      "send me an amazon gift card now",
      "no",
    ]);
  });

  it("a block does not take a report away (security review): the blocked member reports the blocker with the chat the block deleted", async () => {
    const [harasser, victim, op] = await Promise.all([member(), member(), operator()]);
    await chat(victim, harasser, "Please stop writing to me.");
    const last = await chat(harasser, victim, "You will regret ignoring me");
    await harasser.api.safety.block({ profileId: victim.id });
    // §4 as before: the chat is gone for both, the profile hidden from the victim.
    expect((await victim.api.chats.list()).chats).toEqual([]);
    expect(appCodeOf(await failureOf(victim.api.members.get({ id: harasser.id })))).toBe("BLOCKED");
    expect(
      appCodeOf(
        await failureOf(
          victim.api.moderation.report({ subject: "chat", conversationId: last.conversationId, reason: "harassment" }),
        ),
      ),
    ).toBe("NOT_FOUND");
    // The victim still reports the blocker, and the report carries what was written.
    const { id } = await victim.api.moderation.report({
      subject: "profile",
      profileId: harasser.id,
      reason: "harassment",
      details: "Threats, then blocked me",
    });
    const r = (await op.api.moderation.queue()).reports.find((x) => x.id === id)!;
    expect(r).toMatchObject({ reporter: { id: victim.id }, reported: { id: harasser.id, name: harasser.name } });
    expect(r.snapshot).toMatchObject({
      profile: { id: harasser.id, name: harasser.name },
      messages: [
        { senderId: victim.id, body: "Please stop writing to me.", gift: null },
        { senderId: harasser.id, body: "You will regret ignoring me", seq: last.seq, id: last.id },
      ],
    });
    // A member who blocked reports too, with the newest chat kept: unblocked and written to
    // again, the second block's copy is the one reported.
    const [other, target] = await Promise.all([member(), member()]);
    await chat(target, other, "spam spam spam");
    await other.api.safety.block({ profileId: target.id });
    await other.api.safety.unblock({ profileId: target.id });
    await chat(target, other, "more spam after the unblock");
    await other.api.safety.block({ profileId: target.id });
    const mine = await other.api.moderation.report({ subject: "profile", profileId: target.id, reason: "spam" });
    const byBlocker = (await op.api.moderation.queue()).reports.find((x) => x.id === mine.id)!;
    expect(byBlocker.snapshot).toMatchObject({
      messages: [{ senderId: target.id, body: "more spam after the unblock" }],
    });
  });

  it("a block without a chat kept reports nothing new: a hidden member who blocked is not found, a visible one BLOCKED", async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    await b.api.safety.block({ profileId: a.id }); // no chat between them
    await c.api.safety.block({ profileId: a.id });
    await b.api.safety.setInvisible({ invisible: true });
    const report = (profileId: number) =>
      failureOf(a.api.moderation.report({ subject: "profile", profileId, reason: "spam" }));
    expect(appCodeOf(await report(b.id))).toBe("NOT_FOUND");
    expect(appCodeOf(await report(c.id))).toBe("BLOCKED");
    expect(await t.server.deps.db.selectFrom("reports").select("id").where("reporter_id", "=", a.id).execute()).toEqual(
      [],
    );
  });

  it("the kept copies of blocked chats are deleted after BLOCKED_CHAT_COPY_DAYS", async () => {
    const [a, b] = await Promise.all([member(), member()]);
    await chat(a, b, "hello");
    await a.api.safety.block({ profileId: b.id });
    const copies = () =>
      t.server.deps.db.selectFrom("blocked_chat_copies").select("id").where("blocker_id", "=", a.id).execute();
    expect(await copies()).toHaveLength(1);
    await pruneBlockedChatCopies(t.server.deps);
    expect(await copies()).toHaveLength(1);
    await t.server.deps.db
      .updateTable("blocked_chat_copies")
      .set({ created_at: sql<Date>`now() - make_interval(days => ${BLOCKED_CHAT_COPY_DAYS + 1})` })
      .where("blocker_id", "=", a.id)
      .execute();
    await pruneBlockedChatCopies(t.server.deps);
    expect(await copies()).toEqual([]);
  });

  it("refuses reports of oneself, of one's own message, of chats and profiles one cannot see, and bad input", async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const mine = await chat(a, b, "hi");
    expect(
      appCodeOf(await failureOf(a.api.moderation.report({ subject: "profile", profileId: a.id, reason: "spam" }))),
    ).toBe("VALIDATION");
    expect(
      appCodeOf(
        await failureOf(
          a.api.moderation.report({
            subject: "message",
            conversationId: mine.conversationId,
            seq: mine.seq,
            reason: "spam",
          }),
        ),
      ),
    ).toBe("VALIDATION");
    expect(
      appCodeOf(
        await failureOf(
          c.api.moderation.report({ subject: "chat", conversationId: mine.conversationId, reason: "spam" }),
        ),
      ),
    ).toBe("NOT_FOUND");
    expect(
      appCodeOf(
        await failureOf(
          b.api.moderation.report({
            subject: "message",
            conversationId: mine.conversationId,
            seq: 99,
            reason: "spam",
          }),
        ),
      ),
    ).toBe("NOT_FOUND");
    const bad = [
      { subject: "profile", profileId: b.id, reason: "because" },
      { subject: "profile", profileId: 2 ** 31, reason: "spam" },
      { subject: "profile", profileId: b.id, reason: "spam", details: "x".repeat(2001) },
      { subject: "profile", profileId: b.id, reason: "spam", details: "nul\u0000byte" },
      // The profile text rules (memberText): no text reordered or hidden from the operator.
      { subject: "profile", profileId: b.id, reason: "spam", details: "see \u202eelif siht" },
      { subject: "complaint", reason: "other", details: "Z\u0301\u0302\u0303\u0304\u0305algo" },
      { subject: "nothing", reason: "spam" },
      { subject: "message", conversationId: mine.conversationId, seq: 2 ** 31 - 1, reason: "spam" },
      { subject: "message", conversationId: mine.conversationId, seq: 0, reason: "spam" },
      { subject: "complaint", reason: "other", details: "   " },
      { subject: "complaint", reason: "other", details: "hi", email: "not an address" },
    ];
    for (const input of bad)
      expect(appCodeOf(await failureOf(a.api.moderation.report(input as never)))).toBe("VALIDATION");
    expect(await t.server.deps.db.selectFrom("reports").selectAll().where("reporter_id", "=", a.id).execute()).toEqual(
      [],
    );
  });

  it("a visitor files a complaint with an e-mail address over HTTP; without one, or reporting a profile, is refused", async () => {
    const [reported, op] = await Promise.all([member(), operator()]);
    const visitor = new TestBrowser(t.server);
    const { id } = await visitor.trpc.moderation.report.mutate({
      subject: "complaint",
      reason: "other",
      details: "I was charged twice",
      email: "visitor@example.com",
    });
    expect(
      appCodeOf(
        await failureOf(
          visitor.trpc.moderation.report.mutate({ subject: "complaint", reason: "other", details: "no address" }),
        ),
      ),
    ).toBe("VALIDATION");
    expect(
      appCodeOf(
        await failureOf(
          visitor.trpc.moderation.report.mutate({ subject: "profile", profileId: reported.id, reason: "spam" }),
        ),
      ),
    ).toBe("FORBIDDEN");
    // A member's complaint is answered at the account's address.
    const m = await member();
    const mine = await m.api.moderation.report({ subject: "complaint", reason: "other", details: "slow site" });
    const reports = (await op.api.moderation.queue()).reports;
    expect(reports.find((r) => r.id === id)).toMatchObject({
      subject: "complaint",
      reporter: { id: null, email: "visitor@example.com" },
      snapshot: { complaint: "I was charged twice" },
    });
    expect(reports.find((r) => r.id === mine.id)?.reporter).toMatchObject({ id: m.id, email: m.email });
  });

  it("refuses every console procedure to visitors and members (FORBIDDEN), and writes nothing", async () => {
    const [m, target] = await Promise.all([member(), member()]);
    const visitor = await callerFor(t.server.deps, null);
    for (const api of [m.api, visitor]) {
      const calls = [
        () => api.moderation.queue(),
        () => api.moderation.dismiss({ reportId: 1 }),
        () => api.moderation.approvePhoto({ photoId: 1 }),
        () => api.moderation.hidePhoto({ photoId: 1 }),
        () => api.moderation.warn({ userId: target.id }),
        () => api.moderation.suspend({ userId: target.id }),
        () => api.moderation.reinstate({ userId: target.id }),
        () => api.moderation.ban({ userId: target.id }),
      ];
      for (const call of calls)
        expect(["FORBIDDEN", "AUTHENTICATION_REQUIRED"]).toContain(appCodeOf(await failureOf(call())));
    }
    // Over HTTP as well: a member's request answers 403.
    const browser = TestBrowser.withSession(t.server, m);
    const res = await browser.fetch("/trpc/moderation.queue");
    expect(res.status).toBe(403);
    expect(await auditOf(target.id)).toEqual([]);
    const state = await t.server.deps.db
      .selectFrom("users")
      .select("moderation_status")
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(state.moderation_status).toBe("ok");
  });

  it("dismiss closes a report once, recorded with who and when", async () => {
    const [a, b, op] = await Promise.all([member(), member(), operator()]);
    const { id } = await a.api.moderation.report({ subject: "profile", profileId: b.id, reason: "other" });
    await op.api.moderation.dismiss({ reportId: id, note: "nothing wrong" });
    expect((await op.api.moderation.queue()).reports.some((r) => r.id === id)).toBe(false);
    expect(appCodeOf(await failureOf(op.api.moderation.dismiss({ reportId: id })))).toBe("NOT_FOUND");
    const [entry] = await auditOf(b.id);
    expect(entry).toMatchObject({ action: "dismiss", operator_id: op.id, report_id: id, note: "nothing wrong" });
    expect(Date.now() - new Date(entry!.created_at).getTime()).toBeLessThan(10 * 60_000);
    const report = await t.server.deps.db
      .selectFrom("reports")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({ status: "dismissed", handled_by: op.id });
    expect((await op.api.moderation.queue()).audit[0]).toMatchObject({
      action: "dismiss",
      operator: { id: op.id, name: op.name },
      target: { id: b.id },
    });
  });

  it("warn mails the member and is recorded", async () => {
    const [a, op] = await Promise.all([member(), operator()]);
    await op.api.moderation.warn({ userId: a.id, note: "Be kind" });
    const mail = await eventually(() =>
      t.server.mailer.sent.find((m) => m.to === a.email && /warning/i.test(m.subject)),
    );
    expect(String(mail.text)).toContain("Be kind");
    expect((await auditOf(a.id)).map((e) => e.action)).toEqual(["warn"]);
    expect((await a.api.accounts.me())?.id).toBe(a.id); // a warning does not log out
  });

  it("suspend ends every session and socket, hides the member, refuses login; reinstate lets them back", async () => {
    const [bad, viewer, op] = await Promise.all([member(), member(), operator()]);
    const { id: reportId } = await viewer.api.moderation.report({
      subject: "profile",
      profileId: bad.id,
      reason: "harassment",
    });
    const second = await TestBrowser.loggedIn(t.server, bad);
    const sockets = await Promise.all([
      memberSocket(TestBrowser.withSession(t.server, bad), bad.id),
      memberSocket(second, bad.id),
    ]);
    expect((await viewer.api.members.get({ id: bad.id })).id).toBe(bad.id);

    const result = await op.api.moderation.suspend({ userId: bad.id, reportId, note: "threats" });
    expect(result).toMatchObject({ status: "suspended", sessionsEnded: 2 });

    // Both tabs' sockets are closed by the server (4001: session ended); the wait is a ceiling, not a timing.
    expect(await Promise.all(sockets.map((x) => x.closed))).toEqual([4001, 4001]);
    for (const x of sockets) x.socket.close();
    // A new request with the old cookie (a caller's context is built once, as one HTTP request's is).
    expect(await (await callerFor(t.server.deps, bad)).accounts.me()).toBeNull();
    expect(await second.trpc.accounts.me.query()).toBeNull();
    expect(appCodeOf(await failureOf(viewer.api.members.get({ id: bad.id })))).toBe("NOT_FOUND");
    const search = await viewer.api.members.search({ pageSize: 50 });
    expect(search.items.some((p) => p.id === bad.id)).toBe(false);

    const login = await failureOf(TestBrowser.loggedIn(t.server, bad));
    expect(appCodeOf(login)).toBe("ACCOUNT_SUSPENDED");
    // The legacy login refuses too, and a wrong password still says only 'Login failed'.
    const legacy = await fetch(`${t.server.url}/api/user.php`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: t.server.origin },
      body: JSON.stringify({ email: bad.email, password: bad.password }),
    });
    expect(legacy.status).toBe(403);
    expect(((await legacy.json()) as { error: string }).error).toBe("account_suspended");
    expect(appCodeOf(await failureOf(TestBrowser.loggedIn(t.server, { ...bad, password: "wrong password 1" })))).toBe(
      "LOGIN_FAILED",
    );
    expect((await op.api.moderation.queue()).reports.some((r) => r.id === reportId)).toBe(false);
    // The report is handled, yet the console still lists the member, to reinstate from there.
    expect((await op.api.moderation.queue()).restricted).toContainEqual({
      id: bad.id,
      name: expect.any(String),
      status: "suspended",
    });
    // A reset link is no way around it: the password changes, no session opens, the page says why.
    const resetter = new TestBrowser(t.server);
    await resetter.trpc.security.requestPasswordReset.mutate({ email: bad.email });
    const token = await eventually(() => resetTokenFor(t.server.mailer, bad.email), { what: "the reset mail" });
    const reset = await failureOf(
      resetter.trpc.security.completePasswordReset.mutate({
        token,
        password: "reset while suspended 1",
        passwordRepeat: "reset while suspended 1",
      }),
    );
    expect(appCodeOf(reset)).toBe("ACCOUNT_SUSPENDED");
    expect(await resetter.trpc.accounts.me.query()).toBeNull();
    bad.password = "reset while suspended 1";

    await op.api.moderation.reinstate({ userId: bad.id });
    expect((await op.api.moderation.queue()).restricted.some((m) => m.id === bad.id)).toBe(false);
    const back = await TestBrowser.loggedIn(t.server, bad);
    expect((await back.trpc.accounts.me.query())?.id).toBe(bad.id);
    expect((await viewer.api.members.get({ id: bad.id })).id).toBe(bad.id);
    expect((await auditOf(bad.id)).map((e) => [e.action, e.operator_id])).toEqual([
      ["suspend", op.id],
      ["reinstate", op.id],
    ]);
  });

  it("no path shows a hidden member again: reinstating one who deleted the account, an activation link followed after a ban", async () => {
    const [op, viewer] = await Promise.all([operator(), member()]);
    const inSearch = async (id: number) => {
      const row = await t.server.deps.db
        .selectFrom("profiles")
        .select("visible")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return row.visible;
    };
    // Deleted, then suspended and reinstated while the deletion is pending: still hidden.
    const leaving = await member();
    await leaving.api.accountDeletion.delete({ reason: "other", confirm: true });
    await op.api.moderation.suspend({ userId: leaving.id });
    await op.api.moderation.reinstate({ userId: leaving.id });
    expect(await inSearch(leaving.id)).toBe(false);
    expect(appCodeOf(await failureOf(viewer.api.members.get({ id: leaving.id })))).toBe("NOT_FOUND");
    // A spammer banned before confirming; someone follows the activation link later: still hidden.
    const spammer = await createMemberWithApi(t.server.deps, { confirmed: false });
    await op.api.moderation.ban({ userId: spammer.id });
    await new TestBrowser(t.server).trpc.accounts.activate
      .mutate({ token: activationTokenFor(t.server.mailer, spammer.email) })
      .catch(() => null);
    expect(await inSearch(spammer.id)).toBe(false);
  });

  it("ban ends the sessions and a login answers ACCOUNT_BANNED (the ban page); operators cannot act on themselves or other operators", async () => {
    const [bad, op, op2] = await Promise.all([member(), operator(), operator()]);
    const tab = TestBrowser.withSession(t.server, bad);
    const socket = await memberSocket(tab, bad.id);
    await op.api.moderation.ban({ userId: bad.id, note: "scam" });
    expect(await socket.closed).toBe(4001);
    socket.socket.close();
    expect(await tab.trpc.accounts.me.query()).toBeNull();
    expect(appCodeOf(await failureOf(TestBrowser.loggedIn(t.server, bad)))).toBe("ACCOUNT_BANNED");
    expect(appCodeOf(await failureOf(op.api.moderation.suspend({ userId: op.id })))).toBe("FORBIDDEN");
    expect(appCodeOf(await failureOf(op.api.moderation.ban({ userId: op2.id })))).toBe("FORBIDDEN");
    expect(appCodeOf(await failureOf(op.api.moderation.ban({ userId: 2 ** 31 - 1 })))).toBe("NOT_FOUND");
    // An unknown report given with an action: NOT_FOUND and nothing written.
    const other = await member();
    expect(appCodeOf(await failureOf(op.api.moderation.warn({ userId: other.id, reportId: 2 ** 31 - 1 })))).toBe(
      "NOT_FOUND",
    );
    expect(appCodeOf(await failureOf(op.api.moderation.hidePhoto({ photoId: 2 ** 31 - 1 })))).toBe("NOT_FOUND");
    expect(await auditOf(other.id)).toEqual([]);
  });

  describe("photo moderation", () => {
    const upload = (m: { sessionToken: string }, background: string) => uploadPhoto(t.server, m, background);
    async function setMode(mode: "pre" | "post") {
      await t.server.deps.db.updateTable("sites").set({ photo_moderation: mode }).execute();
      clearSiteCache(t.server.deps);
    }

    it("'pre': a new photo is pending, seen by its owner only, until approved; then it is live and main", async () => {
      await setMode("pre");
      try {
        const [owner, other, op] = await Promise.all([member(), member(), operator()]);
        const photo = await upload(owner, "#c36");
        expect(photo).toMatchObject({ status: "pending", isMain: false });
        expect((await owner.api.members.myPhotos()).photos.map((p) => [p.id, p.status])).toEqual([
          [photo.id, "pending"],
        ]);
        const seen = await other.api.members.get({ id: owner.id });
        expect(seen.photos).toEqual([]);
        expect(seen.mainImage).toBeNull();
        expect((await op.api.moderation.queue()).photos.map((p) => p.id)).toContain(photo.id);
        // The owner cannot make a pending photo main (it would show before review).
        expect(appCodeOf(await failureOf(owner.api.members.setMainPhoto({ photoId: photo.id })))).toBe("NOT_FOUND");

        await op.api.moderation.approvePhoto({ photoId: photo.id });
        const after = await other.api.members.get({ id: owner.id });
        expect(after.photos.map((p) => p.id)).toEqual([photo.id]);
        expect(after.mainImage?.url).toBe(photo.url);
        expect((await owner.api.members.myPhotos()).photos[0]).toMatchObject({ status: "active", isMain: true });
        expect((await op.api.moderation.queue()).photos.map((p) => p.id)).not.toContain(photo.id);
        expect((await auditOf(owner.id)).map((e) => [e.action, e.photo_id])).toEqual([["approve_photo", photo.id]]);
      } finally {
        await setMode("post");
      }
    });

    it("'post' (default): a new photo is live at once and queued; hiding it takes it down everywhere", async () => {
      const [owner, other, op] = await Promise.all([member(), member(), operator()]);
      const first = await upload(owner, "#36c");
      const second = await upload(owner, "#3c6");
      expect(first).toMatchObject({ status: "active", isMain: true });
      expect((await fetch(`${t.server.url}${first.url}`)).status).toBe(200);
      const queued = (await op.api.moderation.queue()).photos.map((p) => p.id);
      expect(queued).toEqual(expect.arrayContaining([first.id, second.id]));

      await op.api.moderation.hidePhoto({ photoId: first.id });
      expect((await fetch(`${t.server.url}${first.url}`)).status).toBe(404);
      const seen = await other.api.members.get({ id: owner.id });
      expect(seen.photos.map((p) => p.id)).toEqual([second.id]);
      expect(seen.mainImage?.url).toBe(second.url);
      const mine = await owner.api.members.myPhotos();
      expect(mine.photos.find((p) => p.id === first.id)).toMatchObject({ status: "hidden", url: "" });
      expect(
        appCodeOf(await failureOf(owner.api.members.setPhotoPrivate({ photoId: first.id, isPrivate: true }))),
      ).toBe("NOT_FOUND");
      expect((await auditOf(owner.id)).map((e) => e.action)).toEqual(["hide_photo"]);
    });
  });

  it("a suspended member created through the factories cannot be resurrected by an old cookie", async () => {
    const [bad, op] = await Promise.all([createMember(t.server.deps), operator()]);
    await op.api.moderation.suspend({ userId: bad.id });
    const again = await callerFor(t.server.deps, bad);
    expect(await again.accounts.me()).toBeNull();
  });
});

describe("OPERATOR_EMAILS", () => {
  const t = useTestServer({
    env: { OPERATOR_EMAILS: " Boss.Ops@example.com ,other@example.com,third@example.com,fourth@example.com" },
  });

  /** The owner of `email`'s mailbox sets `password` through the reset link mailed there (§2 /reset-password). */
  async function setPasswordThroughMail(email: string, password: string): Promise<void> {
    const visitor = new TestBrowser(t.server);
    const already = resetTokenFor(t.server.mailer, email);
    await visitor.trpc.security.requestPasswordReset.mutate({ email });
    const token = await eventually(
      () => {
        const latest = resetTokenFor(t.server.mailer, email);
        return latest !== already ? latest : undefined;
      },
      { what: `the reset mail to ${email}` },
    );
    await visitor.trpc.security.completePasswordReset.mutate({ token, password, passwordRepeat: password });
  }
  const grantsTo = async (userId: number) =>
    (
      await t.server.deps.db
        .selectFrom("moderation_actions")
        .select(["target_user_id", "operator_id"])
        .where("action", "=", "grant_operator")
        .where("target_user_id", "=", userId)
        .execute()
    ).map((g) => [g.target_user_id, g.operator_id]);

  it("an account listed becomes an operator when it logs in with a password set through the mailed reset link (recorded once); others stay members", async () => {
    const boss = await createMember(t.server.deps, { email: "boss.ops@example.com" });
    const plain = await createMember(t.server.deps);
    // Confirmed, but the password was chosen at sign-up: not yet.
    const before = await TestBrowser.loggedIn(t.server, boss);
    expect(appCodeOf(await failureOf(before.trpc.moderation.queue.query()))).toBe("FORBIDDEN");
    await setPasswordThroughMail(boss.email, "boss-chosen-pass-1");
    const browser = await TestBrowser.loggedIn(t.server, { email: boss.email, password: "boss-chosen-pass-1" });
    expect((await browser.trpc.moderation.queue.query()).reports).toEqual([]);
    await TestBrowser.loggedIn(t.server, { email: boss.email, password: "boss-chosen-pass-1" });
    expect(await grantsTo(boss.id)).toEqual([[boss.id, null]]);
    const member = await TestBrowser.loggedIn(t.server, plain);
    expect(appCodeOf(await failureOf(member.trpc.moderation.queue.query()))).toBe("FORBIDDEN");
  });

  it("the login a completed reset opens makes a listed address an operator at once, as a login does", async () => {
    const boss = await createMember(t.server.deps, { email: "fourth@example.com" });
    const visitor = new TestBrowser(t.server);
    await visitor.trpc.security.requestPasswordReset.mutate({ email: boss.email });
    const token = await eventually(() => resetTokenFor(t.server.mailer, boss.email), { what: "the reset mail" });
    await visitor.trpc.security.completePasswordReset.mutate({
      token,
      password: "boss-chosen-pass-2",
      passwordRepeat: "boss-chosen-pass-2",
    });
    // The same browser, logged in by "Save and log in", opens the console without logging in again.
    expect((await visitor.trpc.moderation.queue.query()).reports).toBeDefined();
    expect(await grantsTo(boss.id)).toEqual([[boss.id, null]]);
  });

  it("a listed address someone else signed up with stays a member's once its owner confirms it: the squatter's password grants nothing, the owner's reset takes the account", async () => {
    const squatter = await createMember(t.server.deps, { email: "other@example.com", confirmed: false });
    const unconfirmed = await TestBrowser.loggedIn(t.server, squatter);
    expect(appCodeOf(await failureOf(unconfirmed.trpc.moderation.queue.query()))).toBe("FORBIDDEN");
    // The owner of the address follows the activation link; the squatter logs in again.
    await new TestBrowser(t.server).trpc.accounts.activate.mutate({
      token: activationTokenFor(t.server.mailer, squatter.email),
    });
    const confirmed = await TestBrowser.loggedIn(t.server, squatter);
    expect(appCodeOf(await failureOf(confirmed.trpc.moderation.queue.query()))).toBe("FORBIDDEN");
    expect(appCodeOf(await failureOf(unconfirmed.trpc.moderation.queue.query()))).toBe("FORBIDDEN");
    expect(await grantsTo(squatter.id)).toEqual([]);
    // The owner sets a password through the reset link: the squatter's sessions and password end.
    await setPasswordThroughMail(squatter.email, "owner-chosen-pass-1");
    expect(await unconfirmed.trpc.accounts.me.query()).toBeNull();
    expect(appCodeOf(await failureOf(TestBrowser.loggedIn(t.server, squatter)))).toBe("LOGIN_FAILED");
    const owner = await TestBrowser.loggedIn(t.server, { email: squatter.email, password: "owner-chosen-pass-1" });
    expect((await owner.trpc.moderation.queue.query()).reports).toBeDefined();
  });

  it("moving an account whose password came through a reset link to a listed address grants nothing", async () => {
    const mover = await createMember(t.server.deps);
    await setPasswordThroughMail(mover.email, "mover-chosen-pass-1");
    const browser = await TestBrowser.loggedIn(t.server, { email: mover.email, password: "mover-chosen-pass-1" });
    // The owner of third@ follows the change link the mover asked for.
    await browser.trpc.security.requestEmailChange.mutate({
      email: "third@example.com",
      password: "mover-chosen-pass-1",
    });
    const token = await eventually(
      () => {
        const mail = t.server.mailer.sent.findLast((m) => m.to === "third@example.com");
        const m = mail && /token=([A-Za-z0-9_%-]+)/.exec(mail.text);
        return m ? decodeURIComponent(m[1]!) : undefined;
      },
      { what: "the change-of-address mail" },
    );
    await new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({ token });
    const moved = await TestBrowser.loggedIn(t.server, { email: "third@example.com", password: "mover-chosen-pass-1" });
    expect(appCodeOf(await failureOf(moved.trpc.moderation.queue.query()))).toBe("FORBIDDEN");
    expect(await grantsTo(mover.id)).toEqual([]);
  });
});
