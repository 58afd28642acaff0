import { spawn, type ChildProcess } from "node:child_process";
import { GENEROUS_RATE_LIMITS } from "./server.js";
import { freeRestartablePort } from "./ports.js";

/**
 * The server in a child process, exactly as `npm start` runs it (without the build): Node with
 * tsx as a loader, so a signal reaches the server process itself. For the fault tests that kill,
 * stop or restart the server.
 */
export interface ChildServer {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  /** Start (again) on the same port and resolve once /healthz answers (ceiling 60 s). */
  start(): Promise<void>;
  /** Send `signal` and resolve with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** The running process, if any. */
  readonly process: ChildProcess | null;
}

/**
 * A child server on a free port with `env` added to the test's environment (DATABASE_URL,
 * REDIS_URL, DATA_DIR…; SEED_DEMO is false and NODE_ENV test unless given). Not started yet.
 * `onOutput` receives its stdout and stderr, line by line (default: ignored).
 */
export async function childServer(
  env: Record<string, string | undefined>,
  onOutput?: (line: string) => void,
): Promise<ChildServer> {
  const port = await freeRestartablePort();
  const url = `http://127.0.0.1:${port}`;
  let proc: ChildProcess | null = null;
  let exited: Promise<number | null> = Promise.resolve(null);
  return {
    url,
    port,
    get process() {
      return proc;
    },
    async start() {
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        env: {
          ...process.env,
          SEED_DEMO: "false",
          LOG_LEVEL: "error",
          NODE_ENV: "test",
          ...GENEROUS_RATE_LIMITS,
          ...env,
          PORT: String(port),
          HOST: "127.0.0.1",
        },
        stdio: onOutput ? ["ignore", "pipe", "pipe"] : "ignore",
      });
      proc = child;
      exited = new Promise((r) => child.once("exit", (code) => r(code)));
      if (onOutput) {
        for (const stream of [child.stdout, child.stderr]) {
          let rest = "";
          stream?.on("data", (chunk: Buffer) => {
            const lines = (rest + chunk.toString("utf8")).split("\n");
            rest = lines.pop() ?? "";
            for (const line of lines) if (line) onOutput(line);
          });
        }
      }
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
        const up = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      const child = proc;
      if (!child || child.exitCode !== null) return child?.exitCode ?? null;
      child.kill(signal);
      const code = await exited;
      proc = null;
      return code;
    },
  };
}
