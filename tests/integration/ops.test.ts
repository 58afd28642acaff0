import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer, startTestServer } from "../support/server.js";
import { createTestDatabase } from "../support/database.js";
import { TestBrowser, collectLiveEvents, lastEventIdOf } from "../support/client.js";
import { callerFor, createMember, eventually } from "../support/factories.js";
import { dbMode, onPostgres, testRedisUrl } from "../support/env.js";

const t = useTestServer();

async function metricsText(): Promise<{ text: string; contentType: string | null }> {
  const res = await fetch(`${t.server.url}/metrics`);
  expect(res.status).toBe(200);
  return { text: await res.text(), contentType: res.headers.get("content-type") };
}

/** The value of one sample, e.g. sample(text, 'bus_events_published_total', { type: "message.new" }); 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe("operational endpoints", () => {
  it("/healthz answers 200", async () => {
    const res = await fetch(`${t.server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers 200 with the database and the bus ok", async () => {
    const res = await fetch(`${t.server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      database: "ok",
      bus: "ok",
      dbMode,
      busKind: onPostgres && testRedisUrl ? "redis" : "memory",
    });
  });

  it("/readyz answers 503 naming the database when it is gone", async () => {
    const db = await createTestDatabase();
    const server = await startTestServer(db);
    try {
      await server.deps.db.destroy();
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: "not_ready", database: "unreachable", bus: "ok" });
      // Liveness is not readiness: the process still answers.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close().catch(() => {});
      await db.drop();
    }
  });

  it("/metrics is in the Prometheus text format with the site's metrics", async () => {
    await fetch(`${t.server.url}/healthz`);
    const { text, contentType } = await metricsText();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const types = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]));
    expect(types.get("http_request_duration_seconds")).toBe("histogram");
    expect(types.get("chat_messages_sent_total")).toBe("counter");
    expect(types.get("bus_events_published_total")).toBe("counter");
    expect(types.get("bus_events_delivered_total")).toBe("counter");
    expect(types.get("ws_connections_open")).toBe("gauge");
    expect(types.get("trpc_subscriptions_active")).toBe("gauge");
    // Every line is a comment (# HELP / # TYPE) or a well-formed sample.
    for (const line of text.split("\n").filter(Boolean)) {
      expect(line, "a Prometheus text-format line").toMatch(
        /^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*|[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)( \d+)?)$/,
      );
    }
    expect(
      sample(text, "http_request_duration_seconds_count", { method: "GET", route: "/healthz", status_code: "200" }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("counts sent messages, published and delivered events", async () => {
    const a = await createMember(t.server.deps, { paid: true, credits: 100 });
    const b = await createMember(t.server.deps);
    const before = (await metricsText()).text;
    const browser = TestBrowser.withSession(t.server, b);
    const live = collectLiveEvents(browser.openSocket().client, await lastEventIdOf(t.server, b.id));
    try {
      await live.waitStarted();
      const api = await callerFor(t.server.deps, a);
      await api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "counted" });
      await live.waitForCount(1);
      await eventually(
        async () => {
          const after = (await metricsText()).text;
          return (
            sample(after, "chat_messages_sent_total") === sample(before, "chat_messages_sent_total") + 1 &&
            // One message.new for each member of the conversation.
            sample(after, "bus_events_published_total", { type: "message.new" }) ===
              sample(before, "bus_events_published_total", { type: "message.new" }) + 2 &&
            sample(after, "bus_events_delivered_total", { type: "message.new" }) >=
              sample(before, "bus_events_delivered_total", { type: "message.new" }) + 1
          );
        },
        { what: "the counters to move" },
      );
    } finally {
      await browser.closeSockets();
    }
  });

  it("unknown API paths answer a JSON 404", async () => {
    for (const path of ["/trpc-nothing-here", "/api/nothing.php", "/media/no-such-file.jpg"]) {
      const res = await fetch(`${t.server.url}${path}`);
      expect(res.status, path).toBe(404);
    }
    const res = await fetch(`${t.server.url}/api/nothing.php`);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });
});
