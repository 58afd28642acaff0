import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { sql, type DatabaseConnection } from "kysely";
import type { DB } from "../../db/create-db.js";
import type { EventBus } from "./bus.js";

/**
 * Prometheus metrics of one server instance, served at /metrics.
 * One registry per app instance, so tests can run several instances in one process.
 *
 * What operators see (issue 13; deploy/grafana/amora.json and deploy/prometheus/alerts.yml use
 * only these names, tests/integration/ops-metrics.test.ts holds them together):
 * - process: Node's defaults (event-loop lag nodejs_eventloop_lag_p99_seconds, heap, CPU);
 * - HTTP: http_request_duration_seconds{method,route,status_code} (its _count is the 4xx/5xx by
 *   route; a tRPC call's route is /trpc/<procedure>, /trpc/(batch) or /trpc/(unknown)),
 *   rate_limit_refusals_total{route} (refusals as too many: 429 answers, and tRPC calls
 *   on HTTP or the WebSocket under /trpc/<procedure>);
 * - WebSocket: ws_connections_open (sockets of this instance), ws_messages_total{direction};
 * - bus: bus_events_published_total, bus_events_delivered_total, bus_publish_duration_seconds,
 *   bus_delivery_lag_seconds (commit → socket write; observed by the live delivery);
 * - database: db_pool_connections_in_use, db_pool_waiting, db_pool_max;
 * - queues and money, read from the database at scrape time: mail_queue_depth, mail_queue_oldest_age_seconds,
 *   push_queue_depth, push_queue_oldest_age_seconds, payments{status}; push_notifications_total{result};
 * - app_ready (1 when the database and the bus answer).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const metrics = {
    registry,
    wsConnectionsOpen: new Gauge({
      name: "ws_connections_open",
      help: "Open WebSocket connections on this instance",
      registers: [registry],
    }),
    wsMessages: new Counter({
      name: "ws_messages_total",
      help: "WebSocket messages received (in) and sent (out) by this instance",
      labelNames: ["direction"] as const,
      registers: [registry],
    }),
    subscriptionsActive: new Gauge({
      name: "trpc_subscriptions_active",
      help: "Active tRPC subscriptions on this instance",
      registers: [registry],
    }),
    pushSent: new Counter({
      name: "push_notifications_total",
      help: "Web Push requests by result: sent (accepted by the push service), gone (404/410, subscription deleted), failed",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
    messagesSent: new Counter({
      name: "chat_messages_sent_total",
      help: "Chat messages committed by this instance",
      registers: [registry],
    }),
    eventsPublished: new Counter({
      name: "bus_events_published_total",
      help: "Events published on the event bus by this instance",
      labelNames: ["type"] as const,
      registers: [registry],
    }),
    eventsDelivered: new Counter({
      name: "bus_events_delivered_total",
      help: "Events delivered to subscribed clients by this instance",
      labelNames: ["type"] as const,
      registers: [registry],
    }),
    busPublishDuration: new Histogram({
      name: "bus_publish_duration_seconds",
      help: "Time to publish one message on the bus (Redis round trip), seconds",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    /** Hook for the live delivery: observe (now - event's commit time) when its frame is written to the socket. */
    deliveryLag: new Histogram({
      name: "bus_delivery_lag_seconds",
      help: "From an event's commit to its write on a subscriber's socket, seconds",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    httpRequestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request durations in seconds",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "rate_limit_refusals_total",
      help: "Requests and tRPC calls (HTTP or WebSocket) refused as too many (rate limits, login throttling), by route or /trpc/<procedure>",
      labelNames: ["route"] as const,
      registers: [registry],
    }),
    dbPoolInUse: new Gauge({
      name: "db_pool_connections_in_use",
      help: "Database connections running a query or transaction for this instance",
      registers: [registry],
    }),
    dbPoolWaiting: new Gauge({
      name: "db_pool_waiting",
      help: "Statements and transactions under way beyond the pool's connections (queued on one)",
      registers: [registry],
    }),
    dbPoolMax: new Gauge({
      name: "db_pool_max",
      help: "Size of this instance's database pool (DATABASE_POOL_MAX; 1 for the embedded PGlite)",
      registers: [registry],
    }),
  };
  // Every result at 0 from the start, so rates (the dashboard) have a series before the first push.
  for (const result of ["sent", "gone", "failed"]) metrics.pushSent.labels(result).inc(0);
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Count the database connections in use and the statements and transactions waiting for one:
 * wraps the Kysely executor's provideConnection, through which every statement and transaction
 * of `db` passes (handles derived with withPlugin/withSchema have executors of their own: not
 * counted). Statements outside a transaction are pipelined on the pool (db/create-db.ts), so
 * those under way beyond the pool's `poolMax` connections are the ones waiting, in a
 * connection's queue: in use = min(under way, poolMax), waiting = the rest.
 */
export function instrumentDbPool(db: DB, metrics: Metrics, poolMax: number): void {
  metrics.dbPoolMax.set(poolMax);
  const executor = db.getExecutor() as unknown as {
    provideConnection<T>(consumer: (c: DatabaseConnection) => Promise<T>): Promise<T>;
  };
  const provide = executor.provideConnection.bind(executor);
  let underWay = 0;
  const report = () => {
    metrics.dbPoolInUse.set(Math.min(underWay, poolMax));
    metrics.dbPoolWaiting.set(Math.max(0, underWay - poolMax));
  };
  executor.provideConnection = async function <T>(consumer: (c: DatabaseConnection) => Promise<T>): Promise<T> {
    underWay++;
    report();
    try {
      return await provide(consumer);
    } finally {
      underWay--;
      report();
    }
  };
}

/** The bus with its publish time measured (bus_publish_duration_seconds). Same interface. */
export function instrumentBus(bus: EventBus, metrics: Metrics): EventBus {
  return {
    get kind() {
      return bus.kind;
    },
    async publish(channel, message) {
      const end = metrics.busPublishDuration.startTimer();
      try {
        await bus.publish(channel, message);
      } finally {
        end();
      }
    },
    subscribe: (channel, listener) => bus.subscribe(channel, listener),
    onReconnect: (listener) => bus.onReconnect(listener),
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}

/**
 * Gauges read from the database at scrape time (one small query each; every instance reports
 * the same shared figures, so dashboards take max() over instances): the mail outbox's depth and
 * oldest pending age, the same for pushes (the outbox's channel 'push'), payments by status, and
 * whether this instance is ready.
 */
export function registerDatabaseGauges(metrics: Metrics, db: DB, bus: EventBus): void {
  const registry = metrics.registry;
  // One query per channel and scrape: the depth gauge's collect fills its age gauge too.
  const newAgeGauge = (name: string, what: "mail" | "push") =>
    new Gauge({
      name,
      help: `Age of the oldest pending ${what === "mail" ? "mail" : "Web Push notification"} in the outbox, seconds (0 when empty)`,
      registers: [registry],
    });
  const queueGauge = (channel: "mail" | "push", age: Gauge) =>
    async function (this: Gauge) {
      const r = await sql<{
        n: string;
        oldest: string | null;
      }>`select count(*) as n, extract(epoch from now() - min(created_at)) as oldest from mail_outbox where status = 'pending' and channel = ${channel}`
        .execute(db)
        .catch(() => null);
      const row = r?.rows[0];
      this.set(Number(row?.n ?? 0));
      age.set(Number(row?.oldest ?? 0));
    };
  new Gauge({
    name: "mail_queue_depth",
    help: "Mails waiting in the outbox (status pending)",
    registers: [registry],
    collect: queueGauge("mail", newAgeGauge("mail_queue_oldest_age_seconds", "mail")),
  });
  new Gauge({
    name: "push_queue_depth",
    help: "Web Push notifications waiting to be sent (outbox rows of channel push, status pending)",
    registers: [registry],
    collect: queueGauge("push", newAgeGauge("push_queue_oldest_age_seconds", "push")),
  });
  new Gauge({
    name: "payments",
    help: "Payments by status (all time)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const r = await sql<{ status: string; n: string }>`select status, count(*) as n from payments group by status`
        .execute(db)
        .catch(() => null);
      this.reset();
      for (const s of ["loading", "pending", "completed", "failed", "cancelled"]) this.set({ status: s }, 0);
      for (const row of r?.rows ?? []) this.set({ status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: "app_ready",
    help: "1 when this instance's database and bus answer (as /readyz), else 0",
    registers: [registry],
    async collect() {
      const ok = await Promise.all([sql`select 1`.execute(db), bus.ping()]).then(
        () => 1,
        () => 0,
      );
      this.set(ok);
    },
  });
}
