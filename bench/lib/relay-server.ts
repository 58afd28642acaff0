/**
 * The real-time floor: a bare `ws` relay, no auth, no database, no bus. A client connects to
 * ws://127.0.0.1:<port>/?id=<n>; each text message `{"to": m, ...}` it sends is forwarded as is
 * to the connection with id m. Runs in its own process (like the server under test) so its
 * memory per idle connection can be measured the same way.
 *
 * IPC calls: memory (after a full GC), loopDelay, gauges {wsConnectionsOpen, forwarded, dropped}, stop.
 */
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { WebSocketServer, type WebSocket } from "ws";
import { memoryAfterGc, serveRpc } from "./child.js";

const byId = new Map<number, WebSocket>();
let forwarded = 0;
let dropped = 0;

const server = http.createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });
wss.on("connection", (socket, req) => {
  const id = Number(new URL(req.url ?? "/", "http://x").searchParams.get("id"));
  byId.set(id, socket);
  socket.on("message", (data, isBinary) => {
    const text = data.toString();
    const to = (JSON.parse(text) as { to: number }).to;
    const target = byId.get(to);
    if (target && target.readyState === target.OPEN) {
      target.send(text, { binary: isBinary });
      forwarded++;
    } else dropped++;
  });
  socket.once("close", () => {
    if (byId.get(id) === socket) byId.delete(id);
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
if (!address || typeof address === "string") throw new Error("no TCP address");

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

serveRpc(
  {
    memory: () => memoryAfterGc(),
    loopDelay: () => {
      const out = {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      };
      loopDelay.reset();
      return out;
    },
    gauges: () => ({ wsConnectionsOpen: wss.clients.size, subscriptionsActive: wss.clients.size, forwarded, dropped }),
    stop: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  },
  { port: address.port },
);
