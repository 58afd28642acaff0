import { loadConfig } from "./config.js";
import { buildApp } from "./app.js";

/**
 * Start one server instance on PORT and stop it gracefully on SIGTERM/SIGINT:
 * stop accepting, close WebSockets (clients reconnect elsewhere and resume from their
 * last event id), then the bus and the database.
 */
const config = loadConfig();
const { app, deps, close } = await buildApp(config);
await app.listen({ host: config.HOST, port: config.PORT });
deps.log.info(
  { port: config.PORT, database: deps.dbMode, bus: deps.bus.kind, mail: config.SMTP_URL ? "smtp" : config.mailDir },
  `site ready on http://localhost:${config.PORT}`,
);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        deps.log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
