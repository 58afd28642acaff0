import type { Config } from "./config.js";
import type { DB, DbMode } from "../db/create-db.js";
import type { EventBus } from "./infra/bus.js";
import type { Logger } from "./infra/logger.js";
import type { Mailer } from "./infra/mailer.js";
import type { Metrics } from "./infra/metrics.js";
import type { SocketRegistry } from "./infra/socket-registry.js";
import type { Presence } from "./infra/presence.js";
import type { VapidKeys } from "./features/push/push.service.js";
import type { PushAgent } from "./features/push/push-endpoint.js";
import type { SmsSender } from "./infra/sms.js";
import type { RateLimits } from "./features/rate-limits/rate-limits.service.js";
import type { PaymentProvider } from "./features/payments/providers/payment-provider.js";
import type { SimulatedProvider } from "./features/payments/providers/simulated.provider.js";

/**
 * Everything a service needs from the outside world, built once per server instance
 * (server/app.ts) and passed explicitly: no module-level singletons, so a test can run
 * two instances in one process.
 */
export interface AppDeps {
  config: Config;
  db: DB;
  dbMode: DbMode;
  bus: EventBus;
  log: Logger;
  mailer: Mailer;
  metrics: Metrics;
  sockets: SocketRegistry;
  /** Which members have an open tab on any instance (Web Push goes only to those with none). */
  presence: Presence;
  /** Web Push VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or generated and stored. */
  vapid: VapidKeys;
  /** Where Web Push requests go through: connections only to checked public addresses (push-endpoint.ts). */
  pushAgent: PushAgent;
  /** SMS (direct debit codes): files under var/sms/ in the embedded default. */
  sms: SmsSender;
  /** The payment provider payments go through (the built-in simulated one by default). */
  paymentProvider: PaymentProvider;
  /** The simulated provider's hosted checkout, when it is the provider (else null). */
  simulatedCheckout: SimulatedProvider | null;
  /** Key of the payment webhooks' signature: PAYMENT_WEBHOOK_SECRET, or the one generated and stored on first start. */
  paymentWebhookSecret: string;
  /** Key of private photos' viewer-bound URLs (members.photos.ts), generated on first start and stored. */
  mediaUrlSecret: string;
  /** Key of the bounce / feedback-loop webhook's signature: MAIL_WEBHOOK_SECRET, or generated and stored. */
  mailWebhookSecret: string;
  /** Key of the signed links in mails (unsubscribe without login), generated on first start and stored. */
  mailLinkSecret: string;
  /** The abuse limits (issue 10): on Redis when REDIS_URL is set, else in memory. */
  rateLimits: RateLimits;
}
