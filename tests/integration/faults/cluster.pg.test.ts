import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../support/database.js";
import { startTestServer, GENEROUS_RATE_LIMITS, type TestServer } from "../../support/server.js";
import { createMember } from "../../support/factories.js";
import { collectLiveEvents, TestBrowser } from "../../support/client.js";
import { skipWithout, testRedisUrl } from "../../support/env.js";
import { freeRestartablePort } from "../../support/ports.js";

/**
 * Issue 12, "use the machine's cores": `npm run start:cluster` (server/cluster.ts) as it runs,
 * two workers behind one port on PostgreSQL and Redis. Both workers serve (each logs its own
 * INSTANCE_ID); a message sent over HTTP reaches every tab of the recipient, whichever worker
 * holds its socket (the Redis bus between them); a worker that dies is started again; SIGTERM
 * stops the primary with status 0 once both workers have drained, with no error logged.
 */
const TABS = 4;

describe.skipIf(skipWithout("postgres+redis", "the cluster test"))("start:cluster", () => {
  let db: TestDatabase;
  let helper: TestServer;
  let primary: ChildProcess | null = null;
  let port = 0;
  const logLines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    helper = await startTestServer(db, { listen: false });
    port = await freeRestartablePort();
  });
  afterAll(async () => {
    primary?.kill("SIGKILL");
    await helper?.close();
    await db?.drop();
  });

  /** The workers' process ids: the primary's children but tsx's esbuild service. */
  const workerPids = (): number[] =>
    execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(primary!.pid)])
      .toString()
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .filter(([pid, comm]) => Number(pid) > 0 && comm !== "esbuild")
      .map(([pid]) => Number(pid));

  /** Resolves when a log line matches `pattern` (ceiling 60 s). */
  async function logged(pattern: RegExp, what: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!logLines.some((l) => pattern.test(l))) {
      if (Date.now() > deadline) throw new Error(`no log line for ${what}:\n${logLines.slice(-20).join("\n")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it(
    "two workers serve one port, share live events, restart when one dies, and stop on SIGTERM",
    { timeout: 240_000 },
    async () => {
      const base = `http://127.0.0.1:${port}`;
      const sender = await createMember(helper.deps, { paid: true, credits: 1_000 });
      const recipient = await createMember(helper.deps);
      primary = spawn(process.execPath, ["--import", "tsx", "server/cluster.ts"], {
        env: {
          ...process.env,
          ...GENEROUS_RATE_LIMITS,
          WEB_CONCURRENCY: "2",
          INSTANCE_ID: "cluster-test",
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_ORIGIN: base,
          DATABASE_URL: db.databaseUrl,
          REDIS_URL: testRedisUrl,
          REDIS_CHANNEL_PREFIX: `cluster-test-${crypto.randomBytes(4).toString("hex")}:`,
          DATA_DIR: db.dataDir,
          SEED_DEMO: "false",
          LOG_LEVEL: "info",
          NODE_ENV: "test",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      for (const stream of [primary.stdout!, primary.stderr!]) {
        let rest = "";
        stream.on("data", (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split("\n");
          rest = lines.pop()!;
          logLines.push(...lines.filter(Boolean));
        });
      }
      const exited = new Promise<number | null>((r) => primary!.once("exit", (code) => r(code)));

      // Both workers start, each with its own instance id, on the one port.
      await logged(/"instance":"cluster-test-1"/, "worker 1");
      await logged(/"instance":"cluster-test-2"/, "worker 2");
      const deadline = Date.now() + 60_000;
      while (
        !(await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error(`the cluster did not answer:\n${logLines.slice(-20).join("\n")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(workerPids()).toHaveLength(2);

      // The recipient's tabs: the primary hands connections to the workers in turn, so they are
      // spread over both. A message sent over HTTP reaches every one of them exactly once.
      const tabs = Array.from({ length: TABS }, () => {
        const tab = new TestBrowser({ url: base, wsUrl: `ws://127.0.0.1:${port}/trpc`, origin: base });
        tab.cookies.set("auth", recipient.sessionToken);
        return tab;
      });
      const streams = tabs.map((tab) => collectLiveEvents(tab.openSocket().client, null));
      try {
        await Promise.all(streams.map((s) => s.waitStarted()));
        const senderTab = new TestBrowser({ url: base, wsUrl: `ws://127.0.0.1:${port}/trpc`, origin: base });
        senderTab.cookies.set("auth", sender.sessionToken);
        const clientId = crypto.randomUUID();
        await senderTab.trpc.chats.send.mutate({ toProfileId: recipient.id, clientId, body: "Hello from one worker" });
        const isIt = (e: { data: { type: string; message?: { clientId?: string } } }) =>
          e.data.type === "message.new" && e.data.message?.clientId === clientId;
        await Promise.all(streams.map((s) => s.waitFor(isIt, "the message")));
        for (const s of streams) expect(s.events.filter(isIt)).toHaveLength(1);
      } finally {
        for (const s of streams) s.unsubscribe();
        await Promise.all(tabs.map((t) => t.closeSockets()));
      }

      // A worker that dies is started again (its slot, its instance id).
      const [victim] = workerPids();
      process.kill(victim!, "SIGKILL");
      await logged(/worker \d exited \(SIGKILL\); starting it again/, "the restart");
      // The new worker is up when it says so (a third "site ready"); then every connection is
      // answered again.
      const ready = () => logLines.filter((l) => l.includes('"site ready on')).length;
      const restartDeadline = Date.now() + 60_000;
      while (ready() < 3) {
        if (Date.now() > restartDeadline) throw new Error(`no new worker:\n${logLines.slice(-20).join("\n")}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(workerPids()).toHaveLength(2);
      expect(workerPids()).not.toContain(victim);
      for (let n = 0; n < 4; n++)
        expect((await fetch(`${base}/healthz`, { headers: { connection: "close" } })).status).toBe(200);

      // SIGTERM: both workers drain and stop, then the primary, with status 0 and no error logged.
      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
      const errors = logLines.filter((l) => {
        if (/starting it again/.test(l)) return false; // the primary's note on the worker killed above
        try {
          return (JSON.parse(l) as { level?: number }).level! >= 50;
        } catch {
          return true;
        }
      });
      expect(errors, "nothing logged at error level").toEqual([]);
      expect(logLines.filter((l) => l.includes('"shut down"'))).toHaveLength(2);
    },
  );
});
