import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
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
  const port = await freePort();
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
      await until(() => answers(port), `redis-server on ${port}`);
    },
    async stop() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      const exited = new Promise((r) => p.once("exit", r));
      p.kill("SIGKILL");
      await exited;
      await until(async () => !(await answers(port)), `redis-server on ${port} to stop`);
    },
  };
  await own.start();
  return own;
}
