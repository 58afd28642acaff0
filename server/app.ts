import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from "fastify";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import fastifyWebsocket from "@fastify/websocket";
import helmet from "helmet";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Config } from "./config.js";
import type { AppDeps } from "./deps.js";
import { createDb, pingDatabase } from "../db/create-db.js";
import { migrateToLatest } from "../db/migrate.js";
import { seedIfEmpty } from "./features/demo/demo.seed.js";
import { createLogger } from "./infra/logger.js";
import { createMetrics, instrumentBus, instrumentDbPool, registerDatabaseGauges } from "./infra/metrics.js";
import { createMemoryBus, createRedisBus } from "./infra/bus.js";
import { createMailer } from "./infra/mailer.js";
import { SocketRegistry } from "./infra/socket-registry.js";
import {
  SESSION_ENDED_CHANNEL,
  SESSION_SWEEP_INTERVAL_MS,
  sweepEndedSessions,
} from "./features/accounts/sessions.service.js";
import { appRouter, type AppRouter } from "./router.js";
import { createContextFactory } from "./trpc/context.js";
import { clientErrorOf } from "./trpc/errors.js";
import {
  isAllowedOrigin,
  hasEncodedBody,
  isForeignRequest,
  isJsonBody,
  isUsableHost,
  mayReadOpsDetails,
  refuseForeign,
  originForm,
  routeOf,
  routedPath,
} from "./http/request-guard.js";
import { isSecureRequest } from "./http/session-cookie.js";
import { instrumentWebSockets, leanWebSocketRoutes, limitWebSocketBatches } from "./http/websocket-lean.js";
import { setDefaultLocaleCookie } from "./http/locale-cookie.js";
import { firstScreenLoader } from "./http/first-screen.js";
import { sitePageExists, sitePageTokens } from "./features/site/site-pages.service.js";
import { clientRoutes } from "./http/site-pages.js";
import { RETRY_AFTER_SECONDS, rootErrorHandler } from "./http/errors.js";
import { createRateLimits } from "./features/rate-limits/rate-limits.service.js";
import { legacyApi } from "./legacy/index.js";
import { resolveSecret } from "./features/secrets/secrets.service.js";
import { createFileSmsSender } from "./infra/sms.js";
import { createSimulatedProvider, SIMULATED_WEBHOOK_PATH } from "./features/payments/providers/simulated.provider.js";
import { paymentRoutes } from "./features/payments/payments.http.js";
import { photoRoutes } from "./features/members/photos.http.js";
import { secureStoredPrivatePhotos } from "./features/members/photos.service.js";
import { trackRequests } from "./infra/drain.js";
import { carryRequestIds, carrySocketRequestIds, requestIdOf } from "./infra/request-context.js";
import { startMailWorker } from "./features/mail/mail.service.js";
import { deliverOutboxPush, resolveVapidKeys } from "./features/push/push.service.js";
import { createPushAgent } from "./features/push/push-endpoint.js";
import { getSiteForHost, siteOrigin, usePushPublicKey } from "./features/site/site.service.js";
import { createMemoryPresence, createRedisPresence } from "./infra/presence.js";
import { renderOutboxMail } from "./features/mail/mail.templates.js";
import { notificationRoutes } from "./features/notifications/notifications.http.js";
import { manifestRoutes } from "./features/site/manifest.http.js";
import { startDeletionPurgeJob } from "./features/account-deletion/deletion.service.js";
import { getPublicProfile } from "./features/members/public-profiles.service.js";
import { NotFoundError, retryAfterSecondsOf } from "./domain-error.js";
import { appRoutePatternOf } from "../client/app/paths.js";

/** How often sockets are checked for a send buffer past WS_MAX_BUFFERED_BYTES. */
const SLOW_CONSUMER_CHECK_MS = 1000;

/** What the pages may use of the browser's powerful features (Permissions-Policy). */
const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), display-capture=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDist = path.join(rootDir, "dist", "client");

export interface App {
  app: FastifyInstance;
  deps: AppDeps;
  /** Stop accepting, close sockets, the bus and the database. */
  close(): Promise<void>;
}

/**
 * Build one server instance: open the database (and migrate it), the bus and the mailer,
 * seed demo data on an empty database, and mount on one Fastify server the built React app,
 * tRPC at /trpc (HTTP and WebSocket), /media, /healthz, /readyz and /metrics.
 * Does not listen: call app.listen().
 */
export async function buildApp(
  config: Config,
  opts: { deps?: Partial<AppDeps>; /** The built client (default dist/client). */ clientDist?: string } = {},
): Promise<App> {
  const log = opts.deps?.log ?? createLogger(config.LOG_LEVEL, config.INSTANCE_ID);
  const { db, mode } = opts.deps?.db
    ? { db: opts.deps.db, mode: opts.deps.dbMode ?? "pglite" }
    : createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolMax: config.DATABASE_POOL_MAX });
  await migrateToLatest(db);
  const metrics = createMetrics();
  instrumentDbPool(db, metrics, mode === "postgres" ? config.DATABASE_POOL_MAX : 1);
  const bus = instrumentBus(
    opts.deps?.bus ??
      (config.REDIS_URL ? createRedisBus(config.REDIS_URL, log, config.REDIS_CHANNEL_PREFIX) : createMemoryBus()),
    metrics,
  );
  // No secret has a built-in value: unset, it is generated once and kept in the database.
  const paymentWebhookSecret = await resolveSecret(db, "payment_webhook", config.PAYMENT_WEBHOOK_SECRET);
  const mediaUrlSecret = await resolveSecret(db, "media_url", undefined);
  const mailWebhookSecret = await resolveSecret(db, "mail_webhook", config.MAIL_WEBHOOK_SECRET);
  const mailLinkSecret = await resolveSecret(db, "mail_links", undefined);
  // Web Push: configured VAPID keys, or a pair generated once; its public key is every site's push_public_key.
  const vapid = await resolveVapidKeys(db, config);
  usePushPublicKey(db, vapid.publicKey);
  // The simulated provider posts its signed webhooks through the real HTTP route (the app is
  // built below; deliveries only start once it serves requests).
  let appForWebhooks: FastifyInstance | null = null;
  const simulatedCheckout = createSimulatedProvider({
    db,
    secret: paymentWebhookSecret,
    log,
    deliver: async (rawBody, headers) => {
      if (!appForWebhooks) throw new Error("the app is not built yet");
      const res = await appForWebhooks.inject({
        method: "POST",
        url: SIMULATED_WEBHOOK_PATH,
        payload: rawBody,
        headers,
      });
      return res.statusCode;
    },
  });
  const deps: AppDeps = {
    config,
    db,
    dbMode: mode,
    bus,
    log,
    mailer:
      opts.deps?.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        mailDir: config.mailDir,
        from: config.MAIL_FROM,
        log,
        logLinks: config.NODE_ENV !== "production",
      }),
    metrics,
    sockets: new SocketRegistry(),
    presence:
      config.REDIS_URL && bus.kind === "redis"
        ? createRedisPresence(config.REDIS_URL, log, config.REDIS_CHANNEL_PREFIX, config.INSTANCE_ID)
        : createMemoryPresence(),
    vapid,
    pushAgent: createPushAgent(config.PUSH_ALLOW_LOOPBACK_HTTP),
    sms: opts.deps?.sms ?? createFileSmsSender({ smsDir: config.smsDir, log }),
    paymentProvider: opts.deps?.paymentProvider ?? simulatedCheckout,
    simulatedCheckout: opts.deps?.paymentProvider ? (opts.deps.simulatedCheckout ?? null) : simulatedCheckout,
    paymentWebhookSecret,
    mediaUrlSecret,
    mailWebhookSecret,
    mailLinkSecret,
    rateLimits: opts.deps?.rateLimits ?? createRateLimits(config, log),
  };
  registerDatabaseGauges(metrics, db, bus); // mail queue, payments, readiness (read at scrape time)
  // Its first logins and signups must not meet a limiter whose Redis connection is still opening.
  await deps.rateLimits.connected();
  if (config.SEED_DEMO) await seedIfEmpty(deps);
  await secureStoredPrivatePhotos(deps);
  // The mail outbox is drained by every instance (claims are exclusive), and pending deletions
  // past their 14 days are purged (§4, §9).
  const stopMailWorker = startMailWorker(deps, { mail: renderOutboxMail, push: deliverOutboxPush });
  const stopPurgeJob = startDeletionPurgeJob(deps);

  const stopSessionListener = await bus.subscribe(SESSION_ENDED_CHANNEL, (msg) => {
    const sessionId = (msg as { sessionId?: unknown }).sessionId;
    if (typeof sessionId === "string") deps.sockets.closeSession(sessionId);
  });
  // The bus only hints: sockets whose session ended while a message was lost close at the sweep.
  const sessionSweep = setInterval(() => {
    sweepEndedSessions(deps).catch((err: unknown) => log.warn({ err }, "session sweep failed"));
  }, SESSION_SWEEP_INTERVAL_MS);
  sessionSweep.unref();
  const stopSlowConsumerGuard = deps.sockets.guardSlowConsumers(
    config.WS_MAX_BUFFERED_BYTES,
    SLOW_CONSUMER_CHECK_MS,
    () => log.info("closed a WebSocket that stopped reading (it resumes from its last event id)"),
    // Every open socket, a visitor's included (the WebSocket server exists once the app is built).
    () => appForWebhooks?.websocketServer?.clients ?? [],
  );
  const stopReconnectSweep = bus.onReconnect(() => {
    sweepEndedSessions(deps).catch((err: unknown) => log.warn({ err }, "session sweep failed"));
  });

  const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // Requests are measured in /metrics; logging each one would drown the log.
    logController: new LogController({ disableRequestLogging: true }),
    // A number of proxies trusts that many hops from the socket (proxy-addr's meaning of a number,
    // which Fastify's types do not list); addresses or ranges are passed as they are.
    trustProxy: typeof config.TRUST_PROXY === "number" ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
  });
  appForWebhooks = app;
  const requests = trackRequests(app); // shutdown waits for the requests under way (infra/drain.ts)
  carryRequestIds(app); // every log line of a request (services too) carries its requestId
  app.setErrorHandler(rootErrorHandler); // the database unreachable: 503 + Retry-After, never 500

  await app.register(fastifyCookie);
  // Dynamic answers (tRPC, legacy JSON) are not compressed here: with @fastify/compress on them,
  // the hostile-input suite saw connections reset mid-answer (docs/decisions.md); a reverse proxy
  // compresses them (deploy/nginx.conf). The app's files are precompressed at build (http/site-pages.ts).
  // Security headers (helmet), its middleware built once: @fastify/helmet built it anew for every
  // request, which bench:legacy's profile showed (issue 13); the headers are the same.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: connectSources(config),
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  app.addHook("onRequest", (req, reply, done) => {
    // Powerful features the site does not use are off for it and any frame; geolocation is its own
    // (the §2 signup step asks for the member's place).
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error));
  });
  // A body in a content coding (gzip, br, …) is not decoded here: 415, not a "malformed" 400.
  app.addHook("onRequest", async (req, reply) => {
    if (hasEncodedBody(req)) {
      return reply
        .code(415)
        .header("accept-encoding", "identity")
        .send({ error: "unsupported_media_type", message: "Request bodies in a content coding are not accepted" });
    }
  });

  // Metrics: request durations by route; a tRPC call by its procedure (one of the router's, so a
  // made-up path cannot add label values), a batch as one; the app's pages by their route pattern
  // (the SPA's HTML is answered outside Fastify's routes) and the build's hashed files as one, so
  // label values neither change with each build nor hide the pages (QA of 2026-11-28).
  const procedures = new Set(Object.keys(appRouter._def.procedures));
  const metricsRouteOf = (req: FastifyRequest): string => {
    const route = routeOf(req);
    if (route === null) return appRoutePatternOf(originForm(req.url).split("?")[0] ?? "") ?? "unmatched";
    if (route.startsWith("/assets/")) return "/assets/*";
    if (!route.startsWith("/trpc/")) return route;
    const called = (req.params as { path?: string }).path ?? "";
    return procedures.has(called) ? `/trpc/${called}` : called.includes(",") ? "/trpc/(batch)" : "/trpc/(unknown)";
  };
  app.addHook("onResponse", async (req, reply) => {
    const route = metricsRouteOf(req);
    deps.metrics.httpRequestDuration
      .labels(req.method, route, String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
    // tRPC's refusals are counted per procedure in its onError below, over HTTP and WebSocket.
    if (reply.statusCode === 429 && !route.startsWith("/trpc")) deps.metrics.rateLimitRefusals.labels(route).inc();
  });

  // An idle socket keeps only what it uses of its upgrade (http/websocket-lean.ts, issue 12).
  leanWebSocketRoutes(app, log);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // The routes with a WebSocket handler (tRPC's): an upgrade to any other is refused below.
  const webSocketRoutes = new Set<string>();
  app.addHook("onRoute", (route) => {
    if ((route as { websocket?: boolean }).websocket) webSocketRoutes.add(route.url);
  });
  app.websocketServer.on("connection", (socket, upgrade: IncomingMessage) => {
    // Each call logs `<socket id>/<n>`, the socket's id being its upgrade request's (generated
    // when the load balancer sent none), so the upgrade's own log lines and the calls' match.
    carrySocketRequestIds(socket, requestIdOf(upgrade) ?? upgrade.headers["x-request-id"]);
  });
  // ws_connections_open and ws_messages_total{in,out}: shared listeners, no per-socket closures.
  // Its counting `send` also sends each loop turn's frames to a socket in one write (issue 12).
  instrumentWebSockets(app.websocketServer, deps.metrics);
  // A frame may hold as many calls as an HTTP batch (TRPC_MAX_BATCH_SIZE), no more.
  limitWebSocketBatches(app.websocketServer, config.TRPC_MAX_BATCH_SIZE);

  // The WebSocket upgrade is authenticated by the `auth` cookie, so it must come from our own
  // pages: check Origin against the site's domains (a cross-site page could otherwise ride the cookie).
  // Mutations accept JSON only: a form POST from another site must not reach them.
  // The route Fastify matched decides (http/request-guard.ts): /%74rpc is routed to /trpc, so it
  // is checked as /trpc. Added after @fastify/websocket, whose own hooks then close a refused
  // upgrade's socket.
  // Subscriptions are served on the WebSocket only (trpc/init.ts: no server-sent events).
  const subscriptions = new Set(
    Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
      .filter(([, procedure]) => procedure._def.type === "subscription")
      .map(([path]) => path),
  );
  app.addHook("onRequest", async (req, reply) => {
    const route = routeOf(req);
    // An upgrade to a route without a WebSocket handler is refused before the handshake
    // (@fastify/websocket would otherwise complete it, whatever the Origin, then close the socket).
    // (`upgrade`: Node's parser marks a request with Connection: Upgrade and an Upgrade header.)
    if ((req.raw as IncomingMessage & { upgrade?: boolean }).upgrade && !(route && webSocketRoutes.has(route))) {
      return reply.code(404).send({ error: "not_found", message: "No WebSocket is served here" });
    }
    if (!route?.startsWith("/trpc")) return;
    // Procedure paths are dotted names, comma-separated in a batch; anything else is not ours.
    const path = routedPath(req.url);
    if (!/^\/trpc(\/[A-Za-z0-9_.,]*)?$/.test(path)) {
      return reply.code(404).send({ error: "not_found", message: "No such procedure" });
    }
    // tRPC makes each call's URL from the Host header, and fails with a 500 on one it cannot parse.
    if (!isUsableHost(req.headers.host)) {
      return reply.code(400).send({ error: "bad_request", message: "The Host header is not a host name" });
    }
    if (req.headers.upgrade?.toLowerCase() === "websocket") {
      if (!isAllowedOrigin(req.headers.origin, req.headers.host, isSecureRequest(config, req.raw), config)) {
        return reply.code(403).send({ error: "origin_not_allowed" });
      }
      return;
    }
    if (
      path
        .slice("/trpc/".length)
        .split(",")
        .some((p) => subscriptions.has(p))
    ) {
      return reply.code(405).send({ error: "method_not_allowed", message: "Subscriptions run on the WebSocket only" });
    }
    if (req.method === "POST") {
      if (!isJsonBody(req)) return reply.code(415).send({ error: "Mutations accept application/json only" });
      // A mutation from another site's page (its Origin, or Sec-Fetch-Site: cross-site) is refused
      // here too, not only by the browser's CORS preflight that a JSON body brings (as /api/*.php
      // and the photo upload refuse it).
      if (isForeignRequest(req, config)) return refuseForeign(reply);
      // Media types are case-insensitive (RFC 9110 8.3.1); tRPC reads "application/json" as written.
      req.headers["content-type"] = req.headers["content-type"]!.toLowerCase();
    }
  });

  // HSTS once the site is reached over https (directly, through a trusted proxy, or COOKIE_SECURE).
  app.addHook("onSend", async (req, reply) => {
    if (isSecureRequest(config, req.raw))
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    useWSS: true,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(deps),
      // Issue 10: one batched request carries at most this many calls (400 beyond).
      maxBatchSize: config.TRPC_MAX_BATCH_SIZE,
      responseMeta({ errors, paths }) {
        // Answers are a member's own data (or a visitor's session): never stored by a browser or
        // a shared cache, so none stays on the device after logout.
        const headers = new Headers({ "cache-control": "private, no-store" });
        // The member's logout also empties this origin's HTTP cache in the browser (the pages and
        // polls answered before, which are stored to be revalidated).
        if (paths?.includes("accounts.logout")) headers.set("clear-site-data", '"cache"');
        // 503 (database restarting) and 429 (an abuse limit, the login lockout, the daily likes)
        // tell clients when to come back.
        const wait = errors.map((e) => retryAfterSecondsOf(e.cause)).find((s) => s !== undefined);
        if (wait !== undefined) headers.set("retry-after", String(wait));
        else if (errors.some((e) => e.code === "SERVICE_UNAVAILABLE"))
          headers.set("retry-after", String(RETRY_AFTER_SECONDS));
        return { headers };
      },
      onError({ error: thrown, path: procedure }) {
        const error = clientErrorOf(thrown); // an application error from inside a stream, as the client sees it
        // A refusal (an abuse limit, login throttling, too many live streams), over HTTP or on the
        // open WebSocket, where chat messages go: counted under the procedure's own route.
        if (error.code === "TOO_MANY_REQUESTS")
          deps.metrics.rateLimitRefusals.labels(`/trpc/${procedure ?? "unknown"}`).inc();
        if (error.code !== "INTERNAL_SERVER_ERROR") return;
        // A frame the ws library refused (too large, bad UTF-8, a bad opcode): the client's fault,
        // its socket is closed (1009, 1007, 1002), and any visitor can send one. Not a server error.
        const wsCode = (error.cause as { code?: unknown } | undefined)?.code;
        if (typeof wsCode === "string" && wsCode.startsWith("WS_ERR_"))
          log.warn({ err: error.cause, procedure }, "websocket frame refused");
        else log.error({ err: error.cause ?? error, procedure }, "procedure failed");
      },
    },
  } as FastifyTRPCPluginOptions<AppRouter> & { keepAlive: unknown });
  await app.register(legacyApi(deps), { prefix: "/api" }); // §7 /api/*.php polling API (server/legacy)
  await app.register(paymentRoutes(deps)); // payment webhooks and the simulated hosted checkout's API
  await app.register(photoRoutes(deps)); // POST /media/upload: a member adds a photo (multipart)
  await app.register(notificationRoutes(deps)); // one-click unsubscribe (RFC 8058) and the mail webhook
  await app.register(manifestRoutes(deps)); // the web app manifest of the site served on this host (issue 11)

  // Photos: unguessable file names, so a URL is only known to members the server showed it to.
  fs.mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: "/media/",
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
  });

  app.get("/healthz", async () => ({ status: "ok" }));
  // Operational details only for METRICS_ALLOW addresses or the METRICS_TOKEN bearer; a load
  // balancer elsewhere still reads readiness from the status code.
  app.get("/readyz", async (req, reply) => {
    const checks = await Promise.allSettled([pingDatabase(db), bus.ping()]);
    const [dbCheck, busCheck] = checks.map((c) => (c.status === "fulfilled" ? "ok" : "unreachable"));
    const ready = dbCheck === "ok" && busCheck === "ok";
    const status = ready ? "ready" : "not_ready";
    if (!mayReadOpsDetails(req, config)) return reply.code(ready ? 200 : 503).send({ status });
    return reply
      .code(ready ? 200 : 503)
      .send({ status, database: dbCheck, bus: busCheck, dbMode: mode, busKind: bus.kind });
  });
  app.get("/metrics", async (req, reply) => {
    if (!mayReadOpsDetails(req, config))
      return reply.code(403).send({ error: "forbidden", message: "Metrics are for operators" });
    reply.header("content-type", deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });

  // The built React app (precompressed, cached by hash), robots.txt, sitemap.xml, and status 404
  // for paths that are none of the app's routes (client/app/paths.ts).
  const clientDir = opts.clientDist ?? clientDist;
  const hasClient = fs.existsSync(path.join(clientDir, "index.html"));
  if (!hasClient) log.warn({ clientDir }, "client not built: run `npm run build` to serve the React app");
  await clientRoutes(app, {
    clientDist: clientDir,
    hasClient,
    beforeAppPage: (req, reply) => setDefaultLocaleCookie(deps, req, reply),
    firstScreenOf: firstScreenLoader(deps),
    pageExists: (req, token) => sitePageExists(deps, req.raw.headers.host ?? null, token),
    sitePageTokens: (req) => sitePageTokens(deps, req.raw.headers.host ?? null),
    memberLandingExists: (_req, id) =>
      getPublicProfile(deps, id).then(
        () => true,
        (err: unknown) => {
          if (err instanceof NotFoundError) return false;
          throw err;
        },
      ),
    siteOriginOf: async (req) => siteOrigin(await getSiteForHost(deps, req.raw.headers.host ?? null), config),
  });

  return {
    app,
    deps,
    async close() {
      // Drain first (issue 13): refuse new connections, let the requests under way finish
      // (bounded by SHUTDOWN_GRACE_MS), then close sockets, the bus and the database.
      const left = await requests.drain(config.SHUTDOWN_GRACE_MS);
      if (left > 0) log.warn({ requests: left }, "shutdown grace ran out with requests under way");
      stopSessionListener();
      clearInterval(sessionSweep);
      stopReconnectSweep();
      stopSlowConsumerGuard();
      stopPurgeJob();
      await stopMailWorker();
      await deps.pushAgent.close();
      // Let webhooks under way land before the database closes (bounded: a retry loop may wait).
      await Promise.race([simulatedCheckout.idle(), new Promise((r) => setTimeout(r, 2000).unref())]);
      await app.close();
      await bus.close();
      await deps.presence.close();
      await deps.rateLimits.close();
      await db.destroy();
    },
  };
}

/**
 * CSP connect-src: the page may talk only to its own origin, over HTTP and WebSocket. With
 * PUBLIC_ORIGIN, its origins and their ws(s) twins; without it, 'self' (which CSP 3 browsers
 * extend to ws/wss on the same host).
 */
function connectSources(config: Config): string[] {
  const wsTwins = config.allowedOrigins.map((o) => o.replace(/^http/, "ws"));
  return ["'self'", ...config.allowedOrigins, ...wsTwins];
}
