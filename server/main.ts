import { loadConfig } from "./config.js";
import { buildApp } from "./app.js";

/**
 * Start one server instance on PORT and stop it gracefully on SIGTERM/SIGINT: refuse new
 * connections, let the requests under way finish (at most SHUTDOWN_GRACE_MS), then close
 * WebSockets (clients reconnect elsewhere and resume from their last event id), the bus and
 * the database. A close that hangs past the grace plus 5 s exits with status 1.
 */
const config = loadConfig();
const { app, deps, close } = await buildApp(config);
await app.listen({ host: config.HOST, port: config.PORT });
deps.log.info(
  { port: config.PORT, database: deps.dbMode, bus: deps.bus.kind, mail: config.SMTP_URL ? "smtp" : config.mailDir },
  `site ready on http://localhost:${config.PORT}`,
);
if (config.NODE_ENV === "production") {
  // Allowed (a demo or a load test runs so), but not what a public site wants: said at start.
  if (config.allowedOrigins.length === 0)
    deps.log.warn(
      "PUBLIC_ORIGIN is not set: links in mails point to this host's default site, and WebSocket origins are checked against the Host header",
    );
  if (!config.SMTP_URL) deps.log.warn("SMTP_URL is not set: mails are written to files and no member receives them");
  if (!config.COOKIE_SECURE)
    deps.log.warn(
      "cookies are Secure only on requests that arrive over https (COOKIE_SECURE is false: set so, or unset with a PUBLIC_ORIGIN that is not https)",
    );
}

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      deps.log.warn("shutdown did not finish in time; exiting");
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + 5_000);
    force.unref();
    close().then(
      () => {
        deps.log.info("shut down");
        process.exit(0);
      },
      (err: unknown) => {
        deps.log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
