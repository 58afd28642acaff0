import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp, type App } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { createLogger } from "../../server/infra/logger.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { eventually } from "../support/factories.js";

/**
 * Issue 13: structured logs carry the request id from HTTP and WebSocket calls into the lines
 * services write through deps.log, across awaits; the answer names it in X-Request-Id.
 */
let db: TestDatabase;
let built: App;
let url = "";
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: db.dataDir,
    SEED_DEMO: "false",
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl, DATABASE_POOL_MAX: "4" } : {}),
  });
  built = await buildApp(config, { deps: { log: createLogger("info", "rid", sink) } });
  const { app, deps } = built;
  // A service-like handler: logs through deps.log before and after awaiting the database.
  app.get("/test/service-log", async () => {
    deps.log.info("service step one");
    await deps.db.selectFrom("users").select("id").limit(1).execute();
    deps.log.info("service step two");
    return { ok: true };
  });
  // The upgrade logs a line in its request's context, as the session look-up of a real one may.
  app.get(
    "/test/socket",
    {
      websocket: true,
      preHandler: async () => {
        deps.log.info("socket upgrade");
      },
    },
    (socket) => {
      socket.on("message", () => {
        void deps.db
          .selectFrom("users")
          .select("id")
          .limit(1)
          .execute()
          .then(() => {
            deps.log.info("socket call");
            socket.send("done");
          });
      });
    },
  );
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  url = `127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await built?.close();
  await db?.drop();
});

describe("request ids in the logs (issue 13)", () => {
  it("an HTTP request's X-Request-Id is on every line its service writes, and on the answer", async () => {
    const res = await fetch(`http://${url}/test/service-log`, { headers: { "x-request-id": "lb-abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("lb-abc-123");
    const mine = lines.filter((l) => typeof l.msg === "string" && (l.msg as string).startsWith("service step"));
    expect(mine.map((l) => [l.msg, l.requestId])).toEqual([
      ["service step one", "lb-abc-123"],
      ["service step two", "lb-abc-123"],
    ]);
  });

  it("without one (or with a hostile one) the id is generated, and differs per request", async () => {
    const a = await fetch(`http://${url}/test/service-log`, {
      headers: { "x-request-id": "bad id; with spaces" },
    });
    const b = await fetch(`http://${url}/test/service-log`);
    const ida = a.headers.get("x-request-id");
    const idb = b.headers.get("x-request-id");
    expect(ida).toMatch(/^[0-9a-f-]{36}$/);
    expect(idb).toMatch(/^[0-9a-f-]{36}$/);
    expect(ida).not.toBe(idb);
    expect(lines.filter((l) => l.requestId === ida).length).toBe(2);
  });

  it("each call on a WebSocket carries the socket's id (its upgrade's X-Request-Id) and its number", async () => {
    const ws = new WebSocket(`ws://${url}/test/socket`, { headers: { "x-request-id": "ws-conn-7" } });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
      ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    });
    const answered = new Promise((r) => ws.once("message", r));
    ws.send("call");
    await answered;
    ws.close();
    expect(lines.find((l) => l.msg === "socket call")?.requestId).toBe("ws-conn-7/1");
  });

  it("a socket opened without X-Request-Id: its calls carry the id generated for its upgrade", async () => {
    const before = lines.length;
    const ws = new WebSocket(`ws://${url}/test/socket`);
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    const answered = new Promise((r) => ws.once("message", r));
    ws.send("call");
    await answered;
    ws.close();
    const mine = lines.slice(before);
    const upgradeId = mine.find((l) => l.msg === "socket upgrade")?.requestId as string;
    expect(upgradeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine.find((l) => l.msg === "socket call")?.requestId).toBe(`${upgradeId}/1`);
  });

  it("a frame over the socket's limit closes it (1009) and is logged as the client's fault, not as a server error", async () => {
    const before = lines.length;
    const ws = new WebSocket(`ws://${url}/trpc`, { headers: { origin: `http://${url}` } });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    ws.send("x".repeat(64 * 1024 + 1));
    expect(await closed).toBe(1009);
    const refused = await eventually(() => lines.slice(before).find((l) => l.msg === "websocket frame refused"), {
      what: "the refused frame's log line",
    });
    expect(refused).toMatchObject({ level: 40 }); // warn
    expect(lines.slice(before).filter((l) => l.msg === "procedure failed")).toEqual([]);
  });
});
