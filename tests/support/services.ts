import net from "node:net";
import type { StartedTestContainer } from "testcontainers";

/**
 * Where the tests find PostgreSQL and Redis (ARCHITECTURE "Where tests find their PostgreSQL and
 * Redis"), in this order:
 *
 * 1. `TEST_DATABASE_URL` / `TEST_REDIS_URL` when either is set (CI sets both);
 * 2. containers started with testcontainers when a Docker engine answers (a contributor's laptop);
 * 3. the machine's own services on 127.0.0.1:5432 and :6379 when both accept a connection;
 * 4. none: PGlite and the in-process bus only (the race and two-instance tests say they did not run).
 *
 * scripts/test-all.mjs calls this before vitest starts and passes `env` on; Node 24 runs this
 * file as it is (type stripping), so it imports nothing of the app and no `.js`-named sibling.
 */
export interface TestServices {
  source: "given" | "testcontainers" | "local services" | "none";
  /** The variables the test processes get; unset means PGlite / the in-process bus. */
  env: { TEST_DATABASE_URL?: string; TEST_REDIS_URL?: string };
  /** One line for the log: what runs where, as host:port (never a password). */
  label: string;
  /** Stop what this module started (the containers); nothing otherwise. */
  stop(): Promise<void>;
}

/** The images of docker-compose.yml, so the tests run what the scaled-out setup runs. */
export const POSTGRES_IMAGE = "postgres:16-alpine";
export const REDIS_IMAGE = "redis:7-alpine";

export interface FindOptions {
  /** How long a Docker engine may take to answer before the local services are tried. */
  dockerTimeoutMs?: number;
  /** How long each local port may take to accept a connection. */
  portTimeoutMs?: number;
  /** Where the local services listen. */
  localHost?: string;
}

/**
 * Decide where this run's tests find PostgreSQL and Redis, starting containers if that is the
 * branch taken. Never hangs: the Docker check and the port probes have timeouts.
 * A Docker engine that answers but cannot start the containers (offline, no images) is said
 * loudly, and the next branch is taken.
 * @param given the environment to read TEST_DATABASE_URL / TEST_REDIS_URL from
 * @returns the branch taken, the variables for the test processes, a log line, and `stop`
 */
export async function findTestServices(
  given: Record<string, string | undefined> = process.env,
  { dockerTimeoutMs = 5000, portTimeoutMs = 1000, localHost = "127.0.0.1" }: FindOptions = {},
): Promise<TestServices> {
  const nothingToStop = async () => {};
  const databaseUrl = given.TEST_DATABASE_URL || undefined;
  const redisUrl = given.TEST_REDIS_URL || undefined;
  if (databaseUrl || redisUrl) {
    return {
      source: "given",
      env: {
        ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}),
        ...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}),
      },
      label: `${whereTheyRun(databaseUrl, redisUrl)} (TEST_DATABASE_URL / TEST_REDIS_URL)`,
      stop: nothingToStop,
    };
  }

  let noDocker = "no Docker engine answered";
  if (await dockerEngineAnswers(dockerTimeoutMs)) {
    const started = await startContainers();
    if (typeof started !== "string") return started;
    noDocker = `a Docker engine answered but the containers did not start: ${started}`;
    console.warn(`\n!!! testcontainers: ${noDocker}; trying the local services, then PGlite.\n`);
  }

  const [pgOpen, redisOpen] = await Promise.all([
    portAccepts(localHost, 5432, portTimeoutMs),
    portAccepts(localHost, 6379, portTimeoutMs),
  ]);
  if (pgOpen && redisOpen) {
    const env = {
      TEST_DATABASE_URL: `postgres://postgres@${localHost}:5432/postgres`,
      TEST_REDIS_URL: `redis://${localHost}:6379`,
    };
    return {
      source: "local services",
      env,
      label: `${whereTheyRun(env.TEST_DATABASE_URL, env.TEST_REDIS_URL)} (local services; ${noDocker})`,
      stop: nothingToStop,
    };
  }

  return {
    source: "none",
    env: {},
    label:
      `PGlite only, in-process bus (no TEST_* variables; ${noDocker}; no local PostgreSQL and Redis): ` +
      "the race and two-instance tests do not run",
    stop: nothingToStop,
  };
}

/** PostgreSQL and Redis in containers, or why they did not start. */
async function startContainers(): Promise<TestServices | string> {
  const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
  const { RedisContainer } = await import("@testcontainers/redis");
  const [pgStart, redisStart] = await Promise.allSettled([
    new PostgreSqlContainer(POSTGRES_IMAGE).start(),
    new RedisContainer(REDIS_IMAGE).start(),
  ]);
  const stop = () =>
    stopAll([pgStart, redisStart].flatMap((s) => (s.status === "fulfilled" ? [s.value as StartedTestContainer] : [])));
  if (pgStart.status === "rejected" || redisStart.status === "rejected") {
    await stop();
    return String(pgStart.status === "rejected" ? pgStart.reason : (redisStart as PromiseRejectedResult).reason);
  }
  const env = {
    TEST_DATABASE_URL: pgStart.value.getConnectionUri(),
    TEST_REDIS_URL: redisStart.value.getConnectionUrl(),
  };
  return {
    source: "testcontainers",
    env,
    label: `${whereTheyRun(env.TEST_DATABASE_URL, env.TEST_REDIS_URL)} (testcontainers: ${POSTGRES_IMAGE}, ${REDIS_IMAGE})`,
    stop,
  };
}

/** "PostgreSQL at host:port, Redis at host:port": where each runs, without credentials. */
function whereTheyRun(databaseUrl: string | undefined, redisUrl: string | undefined): string {
  const at = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return "(unparsable URL)";
    }
  };
  return [
    databaseUrl ? `PostgreSQL at ${at(databaseUrl)}` : "PGlite",
    redisUrl ? `Redis at ${at(redisUrl)}` : "in-process bus",
  ].join(", ");
}

/**
 * Whether a Docker engine answers within `timeoutMs`, found the way testcontainers finds it
 * (DOCKER_HOST, ~/.testcontainers.properties, the local and rootless sockets, Docker Desktop's).
 * A socket whose engine hangs counts as no engine.
 */
export async function dockerEngineAnswers(timeoutMs: number): Promise<boolean> {
  const { getContainerRuntimeClient } = await import("testcontainers");
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([
      getContainerRuntimeClient().then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `host:port` accepts a TCP connection within `timeoutMs`. */
export function portAccepts(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function stopAll(containers: StartedTestContainer[]): Promise<void> {
  await Promise.allSettled(containers.map((c) => c.stop()));
}
