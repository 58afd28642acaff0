import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { freeRestartablePort } from "./ports.js";

/**
 * A throwaway redis-server of a test's own, on a free port of 127.0.0.1, that the test may stop
 * and start again (never the machine's shared Redis on 6379).
 */
export interface OwnRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Whether a Redis answers PING on `port` (not merely anything listening there). */
async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let reply = "";
    const s = net.connect({ host: "127.0.0.1", port }, () => s.write("PING\r\n"));
    s.setTimeout(2_000, () => s.destroy());
    s.on("data", (chunk) => {
      reply += chunk.toString("latin1");
      if (reply.includes("\r\n")) {
        s.end();
        resolve(reply.startsWith("+PONG"));
      }
    });
    s.on("error", () => resolve(false));
    s.on("close", () => resolve(false));
  });
}

/** Whether anything accepts connections on `port`. */
async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port }, () => {
      s.end();
      resolve(true);
    });
    s.on("error", () => resolve(false));
  });
}

async function until(cond: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freeRestartablePort();
  let proc: ChildProcess | null = null;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (proc && proc.exitCode === null) return; // already running
      proc = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
      const child = proc;
      await until(async () => {
        if (child.exitCode !== null)
          throw new Error(`redis-server on ${port} exited (${child.exitCode}): is the port taken?`);
        return answers(port);
      }, `redis-server on ${port}`);
    },
    async stop() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      const exited = new Promise((r) => p.once("exit", r));
      p.kill("SIGKILL");
      await exited;
      await until(async () => !(await listening(port)), `redis-server on ${port} to stop`);
    },
  };
  await own.start();
  return own;
}
