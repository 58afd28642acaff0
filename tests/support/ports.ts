import fs from "node:fs";
import net from "node:net";

/** The kernel's range of ephemeral ports (source ports of outgoing connections, `listen(0)`). */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs
      .readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return [low!, high!];
  } catch {
    // not Linux: Linux's default range
  }
  return [32768, 60999];
}

function listensFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1 for a server that a test stops and starts again on the same port
 * (a Redis, a PostgreSQL, the app in a child process). It lies below the kernel's ephemeral range:
 * while the server is down, its port must not be handed to another process's outgoing connection
 * or `listen(0)`, nor to a client retrying against it (on Linux, a connect to a free local port in
 * the ephemeral range can connect to itself, and then holds the port). A port from `listen(0)`
 * allows all of these, and a Redis outage test once read back nothing after the restart.
 * @returns a port in 10000 … (low end of the ephemeral range − 1), free when checked.
 * @throws when no free port is found in 200 tries.
 */
export async function freeRestartablePort(): Promise<number> {
  const [low] = ephemeralRange();
  const top = Math.min(low, 32768) - 1;
  const bottom = 10_000;
  for (let i = 0; i < 200; i++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom + 1));
    if (await listensFree(port)) return port;
  }
  throw new Error(`no free port in ${bottom}-${top}`);
}
