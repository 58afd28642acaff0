import type { Socket } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type App } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { createMailer } from "../../server/infra/mailer.js";
import { createLogger } from "../../server/infra/logger.js";
import type { AppDeps } from "../../server/deps.js";
import { createTestDatabase, type TestDatabase } from "./database.js";
import { testRedisUrl } from "./env.js";
import { recordingMailer, type RecordingMailer } from "./mailbox.js";

/** Limits no test reaches except on purpose (each RATE_LIMIT_* setting, issue 10). */
export const GENEROUS_RATE_LIMITS = Object.fromEntries(
  [
    "SIGNUP_IP",
    "SIGNUP_EMAIL",
    "MAIL_IP",
    "MAIL_EMAIL",
    "LOGIN_IP",
    "LIKE",
    "MESSAGE",
    "UPLOAD",
    "REPORT",
    "POLL",
    "SEARCH_IP",
    "BLOCK",
    "SMS_PHONE",
    "EXPORT",
  ].map((name) => [`RATE_LIMIT_${name}`, "1000000/60"]),
);

export interface TestServer {
  app: App["app"];
  deps: AppDeps;
  /** The mails this instance sent (and wrote or delivered). */
  mailer: RecordingMailer;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** e.g. ws://127.0.0.1:41234/trpc */
  wsUrl: string;
  /** The origin a page of this site has: the Origin header the WebSocket upgrade accepts. */
  origin: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment (e.g. SMTP_URL, PUBLIC_ORIGIN). */
  env?: Record<string, string | undefined>;
  /** Use the Redis bus when TEST_REDIS_URL is set (default: on PostgreSQL only). */
  redis?: boolean;
  /** Listen on 127.0.0.1:0 (default true). */
  listen?: boolean;
}

/**
 * Build one app instance on `db` exactly as server/main.ts would (config from an environment,
 * buildApp, listen), on a free port, without demo data. Several instances may share one
 * PostgreSQL database (scaled out).
 */
export async function startTestServer(db: TestDatabase, opts: StartOptions = {}): Promise<TestServer> {
  const useRedis = opts.redis ?? db.mode === "postgres";
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: db.dataDir,
    SEED_DEMO: "false",
    SEED_MEMBERS: "0",
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl, DATABASE_POOL_MAX: "10" } : {}),
    ...(useRedis && testRedisUrl ? { REDIS_URL: testRedisUrl } : {}),
    // Test files run at once from one address on one Redis: the abuse limits (issue 10) would
    // count all of them together. tests/integration/rate-limits.test.ts sets real ones.
    ...GENEROUS_RATE_LIMITS,
    ...opts.env,
  });
  const log = createLogger(config.LOG_LEVEL, config.INSTANCE_ID);
  const mailer = recordingMailer(
    createMailer({ smtpUrl: config.SMTP_URL, mailDir: config.mailDir, from: config.MAIL_FROM, log }),
  );
  const built = await buildApp(config, { deps: { mailer, log } });
  // Every TCP connection, so close() can end what a graceful close left hanging.
  const connections = new Set<Socket>();
  built.app.server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  let url = "http://127.0.0.1:0";
  if (opts.listen !== false) {
    await built.app.listen({ port: 0, host: "127.0.0.1" });
    const address = built.app.server.address();
    if (!address || typeof address === "string") throw new Error("the test server has no TCP address");
    url = `http://127.0.0.1:${address.port}`;
  }
  return {
    app: built.app,
    deps: built.deps,
    mailer,
    url,
    wsUrl: `${url.replace(/^http/, "ws")}/trpc`,
    origin: url,
    close: () => closeWithDeadline(built, connections),
  };
}

/**
 * Close the app; if that has not finished after CLOSE_DEADLINE_MS (a connection the server
 * never ends keeps Node's server.close() waiting), destroy the leftover connections, say so,
 * and finish closing. The test that provokes such a connection asserts on it itself.
 */
const CLOSE_DEADLINE_MS = 3000;
async function closeWithDeadline(built: App, connections: Set<Socket>): Promise<void> {
  const closing = built.close();
  const timedOut = await Promise.race([
    closing.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), CLOSE_DEADLINE_MS).unref()),
  ]);
  if (!timedOut) return;
  console.warn(
    `test server: close() still waiting after ${CLOSE_DEADLINE_MS} ms; destroying ${connections.size} leftover connection(s)`,
  );
  for (const socket of connections) socket.destroy();
  await closing;
}

/**
 * One fresh database and one listening server for the current test file:
 * created in beforeAll, closed and dropped in afterAll. Read `.server` inside tests.
 */
export function useTestServer(opts: StartOptions = {}): { readonly server: TestServer; readonly db: TestDatabase } {
  let server: TestServer | undefined;
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startTestServer(db, opts);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });
  return {
    get server() {
      if (!server) throw new Error("the test server is not started yet (use it inside a test or hook)");
      return server;
    },
    get db() {
      if (!db) throw new Error("the test database is not created yet");
      return db;
    },
  };
}
