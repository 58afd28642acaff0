import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Prometheus metrics of one server instance, served at /metrics.
 * One registry per app instance, so tests can run several instances in one process.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    wsConnectionsOpen: new Gauge({
      name: "ws_connections_open",
      help: "Open WebSocket connections on this instance",
      registers: [registry],
    }),
    subscriptionsActive: new Gauge({
      name: "trpc_subscriptions_active",
      help: "Active tRPC subscriptions on this instance",
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
    httpRequestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request durations in seconds",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
