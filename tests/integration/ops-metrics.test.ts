import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { useTestServer } from "../support/server.js";
import { collectLiveEvents, TestBrowser } from "../support/client.js";
import { createMember } from "../support/factories.js";

/**
 * Issue 13, what operators see: the Grafana dashboard (deploy/grafana/dashboards/amora.json) and
 * the alert rules (deploy/prometheus/alerts.yml) use only metrics /metrics exports, so they cannot
 * drift apart; and a real Prometheus (Debian's package) scraping a running instance, while members
 * chat on their sockets, finds every dashboard query with a value (not NaN, and not only the
 * `or vector(0)` that stands in for a series that has never been written).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dashboard = JSON.parse(fs.readFileSync(path.join(root, "deploy/grafana/dashboards/amora.json"), "utf8")) as {
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
};
const rules = parseYaml(fs.readFileSync(path.join(root, "deploy/prometheus/alerts.yml"), "utf8")) as {
  groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
};
const dashboardExprs = dashboard.panels.flatMap((p) => p.targets.map((t) => ({ where: p.title, expr: t.expr })));
const ruleExprs = rules.groups.flatMap((g) => g.rules.map((r) => ({ where: r.alert, expr: r.expr })));

/** PromQL words that are not metric names. */
const PROMQL = new Set(
  "sum max min avg count rate irate increase histogram_quantile by without on ignoring group_left group_right or and unless vector absent bool le offset".split(
    " ",
  ),
);
/** Series Prometheus makes itself (not exported by the app). */
const PROMETHEUS_OWN = new Set(["up"]);

/** The metric names an expression reads (label matchers, grouping labels and strings removed). */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, "")
    .replace(/\[[^\]]*\]/g, "");
  return [...new Set(bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [])].filter(
    (w) => !PROMQL.has(w) && !PROMETHEUS_OWN.has(w) && !/^\d/.test(w),
  );
}

/** The metric families /metrics exports, with histogram series names (_bucket, _count, _sum). */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(m[1]!);
    if (m[2] === "histogram" || m[2] === "summary") for (const s of ["_bucket", "_count", "_sum"]) names.add(m[1]! + s);
  }
  return names;
}

// Typing notices: one an hour, so the Prometheus test below can make a refusal on a socket.
const t = useTestServer({ env: { RATE_LIMIT_TYPING: "1/3600" } });

async function scrape(): Promise<string> {
  const res = await t.server.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe("the dashboard and the alert rules use only exported metrics", () => {
  it("every metric name in the dashboard and the rules is on /metrics", async () => {
    const exported = exportedNames(await scrape());
    const missing = [...dashboardExprs, ...ruleExprs].flatMap(({ where, expr }) =>
      metricNamesOf(expr)
        .filter((n) => !exported.has(n))
        .map((n) => `${where}: ${n}`),
    );
    expect(missing).toEqual([]);
    // The list is covered.
    for (const name of [
      "nodejs_eventloop_lag_p99_seconds",
      "db_pool_connections_in_use",
      "db_pool_waiting",
      "bus_publish_duration_seconds",
      "bus_delivery_lag_seconds",
      "ws_messages_total",
      "ws_connections_open",
      "mail_queue_depth",
      "mail_queue_oldest_age_seconds",
      "push_queue_depth",
      "push_queue_oldest_age_seconds",
      "payments",
      "http_request_duration_seconds",
      "rate_limit_refusals_total",
      "app_ready",
    ])
      expect(exported, name).toContain(name);
    expect(ruleExprs.map((r) => r.where).sort()).toEqual([
      "DbPoolSaturated",
      "DeliveryLagP99",
      "EventLoopLag",
      "High5xxRatio",
      "InstanceDown",
      "InstanceNotReady",
      "MailQueueAge",
      "NoInstanceReady",
      "PushQueueAge",
    ]);
  });

  it("the names are read right out of PromQL", () => {
    expect(metricNamesOf('sum by (route) (rate(http_request_duration_seconds_count{status_code=~"5.."}[5m]))')).toEqual(
      ["http_request_duration_seconds_count"],
    );
    expect(metricNamesOf("(sum(app_ready) or vector(0)) < 1")).toEqual(["app_ready"]);
  });

  it("HTTP answers of tRPC are counted by procedure; a made-up one or a batch does not add label values", async () => {
    const base = t.server.url;
    await fetch(`${base}/trpc/site.settings`);
    await fetch(`${base}/trpc/no.such.procedure${"x".repeat(20)}`);
    await fetch(`${base}/trpc/site.settings,site.visitor?batch=1&input={}`);
    const routes = new Set(
      [...(await scrape()).matchAll(/^http_request_duration_seconds_count\{[^}]*route="([^"]+)"/gm)].map((m) => m[1]),
    );
    expect(routes).toContain("/trpc/site.settings");
    expect(routes).toContain("/trpc/(unknown)");
    expect(routes).toContain("/trpc/(batch)");
    expect([...routes].filter((r) => r!.includes("no.such"))).toEqual([]);
  });

  it("the pool gauges count queries under way, and the instance reports ready", async () => {
    const text = await scrape();
    expect(text).toMatch(/^app_ready 1$/m);
    expect(text).toMatch(/^db_pool_max \d+$/m);
    const m = t.server.deps.metrics;
    const value = async (g: typeof m.dbPoolInUse) => (await g.get()).values[0]?.value ?? 0;
    // While 5 queries run at once, some hold connections; once they are done, none (the instance's
    // own timers, the mail worker and the session sweep, may hold one a moment: it goes back to 0).
    let seenInUse = 0;
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const q = t.server.deps.db.selectFrom("users").select("id").limit(1).execute();
        seenInUse = Math.max(seenInUse, await value(m.dbPoolInUse), await value(m.dbPoolWaiting));
        await q;
      }),
    );
    expect(seenInUse).toBeGreaterThan(0);
    await expect.poll(() => value(m.dbPoolInUse)).toBe(0);
    await expect.poll(() => value(m.dbPoolWaiting)).toBe(0);
  });
});

const prometheusBin = spawnSync("sh", ["-c", "command -v prometheus"]).stdout.toString().trim();

describe.skipIf(!prometheusBin && process.env.CI !== "true")("a real Prometheus scraping a running instance", () => {
  let prom: ChildProcess | null = null;
  let dir = "";
  let promUrl = "";

  beforeAll(async () => {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once("error", reject);
      srv.listen(0, "127.0.0.1", () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "prom-test-"));
    const target = new URL(t.server.url).host;
    fs.writeFileSync(
      path.join(dir, "prometheus.yml"),
      `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: amora\n    static_configs:\n      - targets: ["${target}"]\n`,
    );
    prom = spawn(
      prometheusBin,
      [
        `--config.file=${path.join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${path.join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: "ignore" },
    );
    promUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (prom && prom.exitCode === null) {
      const exited = new Promise((r) => prom!.once("exit", r));
      prom.kill("SIGTERM");
      await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("every dashboard query returns data", { timeout: 120_000 }, async () => {
    const base = t.server.url;
    // Two members on their sockets: a paid message each round (chat, bus, delivery lag and
    // WebSocket panels) and a typing notice over the limit (the refusals panel).
    const sender = await createMember(t.server.deps, { paid: true, credits: 1_000 });
    const recipient = await createMember(t.server.deps);
    const senderTab = TestBrowser.withSession(t.server, sender);
    const recipientTab = TestBrowser.withSession(t.server, recipient);
    const socket = senderTab.openSocket();
    const live = collectLiveEvents(recipientTab.openSocket().client, null);
    await live.waitStarted();
    const withoutFallback = (expr: string) => expr.replace(/\s+or\s+vector\(0\)\s*$/, "");
    const deadline = Date.now() + 90_000;
    const pending = new Map(dashboardExprs.map((e) => [withoutFallback(e.expr), e.where]));
    try {
      while (pending.size > 0 && Date.now() < deadline) {
        // Traffic for the rates: answers of several kinds, a 403 among them.
        await Promise.all([
          fetch(`${base}/healthz`),
          fetch(`${base}/api/chats.php`),
          fetch(`${base}/api/settings.php`),
        ]);
        const sent = live.events.length;
        const { message } = await socket.client.chats.send.mutate({
          toProfileId: recipient.id,
          clientId: crypto.randomUUID(),
          body: "Hello",
        });
        await live.waitForCount(sent + 1);
        await socket.client.chats.typing
          .mutate({ conversationId: message.conversationId })
          .catch(() => "refused after the first");
        for (const expr of [...pending.keys()]) {
          const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`).catch(() => null);
          if (!res?.ok) continue;
          const body = (await res.json()) as { data: { result: Array<{ value: [number, string] }> } };
          // A value: a series with a number (histogram_quantile over no observations is NaN).
          if (body.data.result.some((r) => Number.isFinite(Number(r.value[1])))) pending.delete(expr);
        }
        if (pending.size) await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      live.unsubscribe();
      await senderTab.closeSockets();
      await recipientTab.closeSockets();
    }
    expect([...pending].map(([expr, where]) => `${where}: ${expr}`)).toEqual([]);
  });
});
