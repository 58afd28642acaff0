import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it, vi } from "vitest";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import WebSocket, { WebSocketServer } from "ws";
import type { AppRouter } from "../../server/router.js";

/**
 * patches/@trpc+client+11.19.0.patch (docs/decisions.md "tRPC's WebSocket client sends on
 * setImmediate in Node"): the client gathers the calls of one tick into one frame, and in Node it
 * now sends that frame on setImmediate rather than after setTimeout(0), which Node clamps to 1 ms
 * (bench:chat measured every send about 1.3 ms later with it). Browsers, which have no
 * setImmediate, keep setTimeout(0). With setTimeout faked here (its callbacks never run), a
 * call's frame must still leave.
 */
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Resolves after `turns` turns of the event loop (each with its I/O poll), timers not needed. */
async function loopTurns(turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

it("sends a call's frame without waiting for a timer, and the calls of one tick in one frame", async () => {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  cleanups.push(() => new Promise((resolve) => wss.close(resolve)));
  await once(wss, "listening");
  const frames: string[] = [];
  const connected = once(wss, "connection");
  wss.on("connection", (socket) =>
    socket.on("message", (data) => {
      frames.push(String(data));
      // Answer each call (tRPC's WebSocket protocol), so that none is left waiting at close.
      const batch = [JSON.parse(String(data)) as unknown].flat() as Array<{ id: number }>;
      for (const call of batch) socket.send(JSON.stringify({ id: call.id, result: { type: "data", data: null } }));
    }),
  );
  const wsClient = createWSClient({
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  cleanups.push(() => wsClient.close());
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  await connected;
  // The socket is open; from here on no setTimeout callback runs.
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  const calls = [
    client.chats.send.mutate({ toProfileId: 2, clientId: crypto.randomUUID(), body: "one" }),
    client.chats.send.mutate({ toProfileId: 2, clientId: crypto.randomUUID(), body: "two" }),
  ];
  // A few turns are enough for a frame on the loopback; the bound only turns a hang into a failure.
  for (let turn = 0; turn < 10_000 && frames.length === 0; turn += 10) await loopTurns(10);
  expect(frames).toHaveLength(1);
  const batch = JSON.parse(frames[0]!) as Array<{ method: string; params: { path: string } }>;
  expect(batch.map((call) => [call.method, call.params.path])).toEqual([
    ["mutation", "chats.send"],
    ["mutation", "chats.send"],
  ]);
  vi.useRealTimers();
  await Promise.all(calls);
});
