import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_SITE_SETTINGS } from "./features/site/site.settings.js";

/**
 * The process environment, parsed and validated once at start-up.
 * An invalid value stops the process with a message naming the variable.
 *
 * Embedded default: nothing set → PGlite under DATA_DIR, in-process bus, mail as .eml files.
 * Scaled out: DATABASE_URL (PostgreSQL), REDIS_URL (Redis pub/sub), SMTP_URL (nodemailer).
 */
const boolish = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

/** "<points>/<seconds>": 1–1,000,000 actions per 1 s–7 days. */
const rateLimit = z
  .string()
  .regex(/^\d{1,7}\/\d{1,6}$/, { message: 'a limit "<points>/<seconds>", e.g. "10/3600"' })
  .refine(
    (v) => {
      const [points, seconds] = v.split("/").map(Number) as [number, number];
      return points >= 1 && points <= 1_000_000 && seconds >= 1 && seconds <= 7 * 24 * 3600;
    },
    { message: "1 to 1,000,000 points per 1 s to 7 days" },
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin(s) of the site, comma separated; the WebSocket upgrade checks Origin against them. */
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .refine(
      (v) =>
        (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
          .every((o) => URL.canParse(o) && new URL(o).origin === o),
      {
        message: "a comma-separated list of origins such as https://example.com (scheme, host, optional port; no path)",
      },
    ),
  DATA_DIR: z.string().default("var"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().url().optional(),
  /** Put before every Redis channel: instances of one site share it; other sites use another. */
  REDIS_CHANNEL_PREFIX: z.string().max(100).default("amora:"),
  /**
   * Abuse limits (issue 10), "<points>/<seconds>" per key: per client address (_IP), per e-mail
   * address (_EMAIL) or per member. Shared by all instances through Redis when REDIS_URL is set.
   */
  RATE_LIMIT_SIGNUP_IP: rateLimit.default("10/3600"),
  RATE_LIMIT_SIGNUP_EMAIL: rateLimit.default("3/3600"),
  RATE_LIMIT_MAIL_IP: rateLimit.default("10/3600"),
  RATE_LIMIT_MAIL_EMAIL: rateLimit.default("5/3600"),
  RATE_LIMIT_LOGIN_IP: rateLimit.default("30/900"),
  RATE_LIMIT_LIKE: rateLimit.default("60/60"),
  RATE_LIMIT_MESSAGE: rateLimit.default("30/60"),
  RATE_LIMIT_UPLOAD: rateLimit.default("20/3600"),
  RATE_LIMIT_REPORT: rateLimit.default("10/3600"),
  RATE_LIMIT_POLL: rateLimit.default("120/60"),
  /** §4 logged-out search: searches per visitor's client address (members are not counted). */
  RATE_LIMIT_SEARCH_IP: rateLimit.default("60/60"),
  /** Typing notices per member (the client sends one every 2 s at most while typing). */
  RATE_LIMIT_TYPING: rateLimit.default("60/60"),
  /** Turning read receipts on or off, per member (each change makes every partner's tabs refetch). */
  RATE_LIMIT_READ_RECEIPTS: rateLimit.default("20/3600"),
  /** Discount codes looked up or used, per member (an answer tells whether a code exists). */
  RATE_LIMIT_DISCOUNT_CODE: rateLimit.default("20/3600"),
  /** Push subscriptions sent, per member (each stored endpoint is sent every push). */
  RATE_LIMIT_PUSH_SUBSCRIBE: rateLimit.default("20/3600"),
  /** Blocks per member (each deletes a pair's chats and likes and reaches the other's tabs). */
  RATE_LIMIT_BLOCK: rateLimit.default("20/3600"),
  /** Direct debit SMS codes per phone number (E.164), whichever members ask: each costs the site. */
  RATE_LIMIT_SMS_PHONE: rateLimit.default("3/86400"),
  /** Personal-data exports per member (each reads every chat and payment of the member). */
  RATE_LIMIT_EXPORT: rateLimit.default("5/3600"),
  /** Most procedures one batched tRPC request may carry (more: 400). */
  TRPC_MAX_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_URL: z.string().url().optional(),
  /**
   * Sender of outgoing mail, "Name <address>". Unset: the site's name (DEFAULT_SITE_SETTINGS) at
   * no-reply@ the first PUBLIC_ORIGIN's host (localhost without one), so mail never comes from a
   * generic "Dating site" that inboxes file as spam.
   */
  MAIL_FROM: z.string().min(3).max(320).optional(),
  /**
   * Force the Secure flag on cookies (otherwise set when the request came over https). Unset: on
   * when every PUBLIC_ORIGIN is https (the site is https, whatever a proxy in front says).
   */
  COOKIE_SECURE: boolish.optional(),
  /**
   * Seed demo members (flagged fictional, §3) and the demo accounts (password in the README) on an
   * empty database. Unset: only on the embedded default outside production; with DATABASE_URL set
   * or NODE_ENV=production it defaults to false, so a production database never fills with
   * fictional members, or accounts anyone can log in to, by accident (see loadConfig).
   */
  SEED_DEMO: boolish.optional(),
  SEED_MEMBERS: z.coerce.number().int().min(0).max(100_000).default(320),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Which reverse proxies' X-Forwarded-* to trust (scaled out behind a load balancer): "false"
   * (none, the default), the number of proxies in front of the app ("1" behind one nginx: the
   * client address is the one that proxy added, whatever the client itself sent), or their
   * addresses or CIDR ranges, comma separated. "true" is refused: it would trust every hop, and a
   * client could choose its own address (the per-address limits, METRICS_ALLOW).
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine((v) => v !== "true", {
      message: 'set the number of proxies in front ("1" behind one nginx) or their addresses, not "true"',
    })
    .refine((v) => ["false", "0", ""].includes(v) || /^([1-9])$/.test(v) || parseAddressList(v) !== null, {
      message: "false, a number of proxies (1–9), or a comma-separated list of IP addresses or CIDR ranges",
    })
    .transform((v): false | number | string =>
      ["false", "0", ""].includes(v) ? false : /^\d$/.test(v) ? Number(v) : v,
    ),
  /**
   * Who may read /metrics and the details of /readyz: client addresses or CIDR ranges, comma
   * separated (default: loopback only). Others get 403 on /metrics and only the status on /readyz.
   */
  METRICS_ALLOW: z
    .string()
    .default("127.0.0.0/8,::1/128")
    .refine((v) => parseAddressList(v) !== null, { message: "a comma-separated list of IP addresses or CIDR ranges" }),
  /** Also allow /metrics and /readyz details with `Authorization: Bearer <METRICS_TOKEN>` (e.g. a Prometheus elsewhere). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Accounts that become operators (issue 10: the /ops console) when they log in: e-mail addresses,
   * comma separated. `npm run ops:grant -- <email>` makes one existing account an operator at once.
   */
  OPERATOR_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * A WebSocket whose unsent output passes this many bytes (a tab that stopped reading) is closed;
   * it resumes from its last event id when it reconnects.
   */
  WS_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(256 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  /** Instance name: the `instance` field of every log line, and its name in Redis presence and mail-outbox claims. */
  INSTANCE_ID: z.string().min(1).max(100).default(`${process.pid}`),
  /**
   * On SIGTERM, how long (ms) the requests under way may take to finish before sockets, the bus
   * and the database close (new connections are refused at once).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * Key of the HMAC-SHA256 signature on payment webhooks (the built-in simulated provider signs
   * with it, the webhook endpoint checks it). There is no built-in value: when unset, a random
   * key is generated on the first start and kept in the database, shared by every instance
   * (features/secrets). Set it when a real provider must know the key.
   */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * The payment provider. Only the built-in simulated hosted checkout exists (README "Paying in
   * test mode"): on it the payer approves their own payment, so with NODE_ENV=production it must
   * be named here on purpose (a demo, a load test), or the server refuses to start.
   */
  PAYMENT_PROVIDER: z.enum(["simulated"]).optional(),
  /**
   * Key of the HMAC-SHA256 signature on the bounce / feedback-loop webhook (POST /webhooks/mail,
   * README). No built-in value: unset, generated on the first start and kept in the database.
   */
  MAIL_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** How often each instance's mail worker looks for due mails in the outbox (ms). */
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /**
   * Web Push VAPID key pair (RFC 8292; issue 11), base64url as `web-push generate-vapid-keys`
   * prints them: set both or neither. No built-in value: unset, a pair is generated on the first
   * start and kept in the database (server_secrets), shared by every instance. The public key is
   * the site settings' push_public_key.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { message: "a P-256 public key, 65 bytes as base64url (87 characters)" })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: "a P-256 private key, 32 bytes as base64url (43 characters)" })
    .optional(),
  /** Contact of the VAPID claims (`mailto:` or `https:`); default: mailto: the address of MAIL_FROM. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { message: "a mailto: address or an https: URL" })
    .optional(),
  /**
   * Tests only: also accept push endpoints on http://127.0.0.1 and http://localhost (a local push
   * service in the test). Off: endpoints must be https URLs.
   */
  PUSH_ALLOW_LOOPBACK_HTTP: boolish.default(false),
});

export type Config = Omit<z.infer<typeof EnvSchema>, "SEED_DEMO" | "COOKIE_SECURE" | "MAIL_FROM"> & {
  /** MAIL_FROM resolved: given, else the site's name at no-reply@ the public host. */
  MAIL_FROM: string;
  /** SEED_DEMO resolved: given, else true only on the embedded default (no DATABASE_URL) outside production. */
  SEED_DEMO: boolean;
  /** COOKIE_SECURE resolved: given, else true when every PUBLIC_ORIGIN is https. */
  COOKIE_SECURE: boolean;
  mediaDir: string;
  /** Full size and thumbnails of private photos: never served statically (members.photos.ts signed URLs). */
  privateMediaDir: string;
  mailDir: string;
  /** Embedded default: each SMS (direct debit code) is written as a file here. */
  smsDir: string;
  pgliteDir: string;
  allowedOrigins: string[];
  /** METRICS_ALLOW parsed. */
  metricsAllow: net.BlockList;
};

/**
 * Parse an environment (default: process.env) into a Config.
 * @throws Error listing every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && c.PAYMENT_PROVIDER === undefined)
    throw new Error(
      "Invalid environment:\n  PAYMENT_PROVIDER: unset in production. The only provider is the simulated checkout, on which a payer approves their own payment: set PAYMENT_PROVIDER=simulated only for a demo or a load test",
    );
  if (c.NODE_ENV === "production" && c.PUSH_ALLOW_LOOPBACK_HTTP)
    throw new Error(
      "Invalid environment:\n  PUSH_ALLOW_LOOPBACK_HTTP: for tests only; in production it would let push endpoints reach services on this machine",
    );
  const dataDir = path.resolve(c.DATA_DIR);
  const allowedOrigins = (c.PUBLIC_ORIGIN ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? (c.DATABASE_URL === undefined && c.NODE_ENV !== "production"),
    COOKIE_SECURE:
      c.COOKIE_SECURE ?? (allowedOrigins.length > 0 && allowedOrigins.every((o) => o.startsWith("https://"))),
    MAIL_FROM:
      c.MAIL_FROM ??
      `${DEFAULT_SITE_SETTINGS.name} <no-reply@${allowedOrigins[0] ? new URL(allowedOrigins[0]).hostname : "localhost"}>`,
    DATA_DIR: dataDir,
    mediaDir: path.join(dataDir, "media"),
    privateMediaDir: path.join(dataDir, "media-private"),
    mailDir: path.join(dataDir, "mail"),
    smsDir: path.join(dataDir, "sms"),
    pgliteDir: path.join(dataDir, "pglite"),
    allowedOrigins,
    metricsAllow: parseAddressList(c.METRICS_ALLOW)!,
  };
}

/**
 * Parse "127.0.0.0/8,::1/128,10.1.2.3" into a BlockList (addresses and CIDR ranges, IPv4 and IPv6).
 * @returns null when an entry is not an address or range.
 */
export function parseAddressList(value: string): net.BlockList | null {
  const list = new net.BlockList();
  for (const entry of value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, prefix] = entry.split("/");
    const family = net.isIP(address ?? "");
    if (family === 0) return null;
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) {
      list.addAddress(address!, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 6 ? 128 : 32)) return null;
    list.addSubnet(address!, bits, type);
  }
  return list;
}
