import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/env.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { createMember, eventually } from "../support/factories.js";
import {
  MAIL_BATCH,
  deliverQueuedMail,
  drainMailQueue,
  enqueueMail,
  kickMailWorker,
} from "../../server/features/mail/mail.service.js";
import { renderOutboxMail } from "../../server/features/mail/mail.templates.js";
import { findMails } from "../../server/features/mail/mail.repository.js";

/**
 * The mail queue (ARCHITECTURE: outbox drained by a worker in every instance, claims with
 * FOR UPDATE SKIP LOCKED): two instances draining one PostgreSQL queue send each mail once;
 * mails queued while no instance runs are sent when one starts; a failed send is retried later.
 */
describe.skipIf(skipWithout("postgres", "two instances draining one mail queue"))("mail queue on PostgreSQL", () => {
  let db: TestDatabase;
  let one: TestServer;
  let two: TestServer;
  const fast = { MAIL_WORKER_INTERVAL_MS: "50" };

  beforeAll(async () => {
    db = await createTestDatabase("postgres");
    one = await startTestServer(db, { env: { INSTANCE_ID: "one", ...fast } });
    two = await startTestServer(db, { env: { INSTANCE_ID: "two", ...fast } });
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await db?.drop();
  });

  it("two instances draining 300 queued mails send each exactly once", async () => {
    const members = await Promise.all([0, 1, 2].map(() => createMember(one.deps)));
    const before = one.mailer.sent.length + two.mailer.sent.length;
    const N = 300;
    await one.deps.db.transaction().execute(async (tx) => {
      for (let i = 0; i < N; i++)
        await enqueueMail(tx, { kind: "activation", userId: members[i % 3]!.id, data: { token: `queue-test-${i}` } });
    });
    // Both instances drain at once, as their timers and these kicks make them race.
    await Promise.all([kickMailWorker(one.deps), kickMailWorker(two.deps), kickMailWorker(one.deps)]);
    await eventually(
      async () => (await findMails(one.deps.db, { kind: "activation" })).every((m) => m.status === "sent"),
      {
        what: "every queued mail sent",
      },
    );
    const sent = [...one.mailer.sent, ...two.mailer.sent]
      .map((m) => /token=(queue-test-\d+)/.exec(m.text)?.[1])
      .filter((x): x is string => !!x);
    expect(sent).toHaveLength(N);
    expect(new Set(sent).size).toBe(N);
    expect(one.mailer.sent.length + two.mailer.sent.length - before).toBe(N);
    const rows = await findMails(one.deps.db, { kind: "activation" });
    expect(rows.filter((r) => r.attempts !== 1)).toEqual([]);
    console.info(
      `mail queue: ${N} mails, instance one sent ${one.mailer.sent.filter((m) => m.text.includes("queue-test-")).length}, two sent ${two.mailer.sent.filter((m) => m.text.includes("queue-test-")).length}`,
    );
  });

  it("a pass of an instance that is stopping ends after the batch in hand; the rest stays queued", async () => {
    const m = await createMember(one.deps);
    // An instance whose worker never runs by itself, so only the pass below claims mails.
    const idle = await startTestServer(db, { env: { INSTANCE_ID: "idle", MAIL_WORKER_INTERVAL_MS: "600000" } });
    try {
      await one.close();
      await two.close();
      const N = MAIL_BATCH * 2 + 5;
      const lastBefore = Math.max(0, ...(await findMails(idle.deps.db)).map((r) => Number(r.id)));
      await idle.deps.db.transaction().execute(async (tx) => {
        for (let i = 0; i < N; i++)
          await enqueueMail(tx, { kind: "activation", userId: m.id, data: { token: `backlog-${i}` } });
      });
      // Shutting down from the start: one batch is sent, nothing more is claimed.
      expect(await drainMailQueue(idle.deps, renderOutboxMail, undefined, () => true)).toBe(MAIL_BATCH);
      const rows = (await findMails(idle.deps.db, { userId: m.id })).filter((r) => Number(r.id) > lastBefore);
      expect(rows.filter((r) => r.status === "sent")).toHaveLength(MAIL_BATCH);
      expect(rows.filter((r) => r.status === "pending" && r.attempts === 0)).toHaveLength(N - MAIL_BATCH);
      // Not stopping: the pass goes on until the queue is empty.
      expect(await drainMailQueue(idle.deps, renderOutboxMail)).toBe(N - MAIL_BATCH);
    } finally {
      await idle.close();
      one = await startTestServer(db, { env: { INSTANCE_ID: "one-again", ...fast } });
      two = await startTestServer(db, { env: { INSTANCE_ID: "two-again", ...fast } });
    }
  });

  it("mails queued while no instance runs are sent when one starts (the queue survives a restart)", async () => {
    const m = await createMember(one.deps);
    await Promise.all([one.close(), two.close()]);
    // An instance whose worker never runs by itself queues the mail and stops.
    const three = await startTestServer(db, { env: { INSTANCE_ID: "three", MAIL_WORKER_INTERVAL_MS: "600000" } });
    await enqueueMail(three.deps.db, { kind: "activation", userId: m.id, data: { token: "after-restart" } });
    expect((await findMails(three.deps.db, { userId: m.id })).at(-1)).toMatchObject({ status: "pending" });
    await three.close();
    one = await startTestServer(db, { env: { INSTANCE_ID: "four", ...fast } });
    two = await startTestServer(db, { env: { INSTANCE_ID: "five", ...fast } });
    await eventually(() => [...one.mailer.sent, ...two.mailer.sent].find((x) => x.text.includes("after-restart")), {
      what: "the mail sent by a new instance",
    });
  });

  it("a failed send stays queued with its next attempt later (backoff), and is not lost", async () => {
    const broken = await startTestServer(db, {
      env: { INSTANCE_ID: "broken", SMTP_URL: "smtp://127.0.0.1:9", MAIL_WORKER_INTERVAL_MS: "600000" },
    });
    try {
      const m = await createMember(two.deps);
      const before = Date.now();
      // Queued for its own instance (the others wait 30 s), which fails to reach its SMTP server.
      const id = await enqueueMail(broken.deps.db, {
        kind: "activation",
        userId: m.id,
        data: { token: "t" },
        deliverSelf: true,
      });
      await deliverQueuedMail(broken.deps, id);
      const row = (await findMails(broken.deps.db, { userId: m.id })).find((r) => String(r.id) === id);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.last_error).toBeTruthy();
      expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(before + 20_000);
    } finally {
      await broken.close();
    }
  });
});
