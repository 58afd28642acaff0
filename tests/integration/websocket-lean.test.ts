import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { useTestServer } from "../support/server.js";
import { TestBrowser, collectLiveEvents } from "../support/client.js";
import { createMember, eventually } from "../support/factories.js";

/**
 * An idle WebSocket keeps nothing of its upgrade request but what it uses (issue 12: memory per
 * idle connection; server/http/websocket-lean.ts): the routing ServerResponse is detached from the
 * TCP socket, and one shared error listener replaces @fastify/websocket's closure over the
 * request and reply. The socket still works: it answers calls and delivers live events, and a
 * socket error ends only that socket.
 */
describe("an open WebSocket keeps only what it uses of its upgrade", () => {
  const t = useTestServer();

  it("no ServerResponse on the TCP socket, one shared error listener, and the socket still serves the member", async () => {
    const a = await createMember(t.server.deps);
    const b = await createMember(t.server.deps);
    const browsers = [TestBrowser.withSession(t.server, a), TestBrowser.withSession(t.server, b)];
    const sockets = browsers.map((br) => br.openSocket());
    const lives = sockets.map((s) => collectLiveEvents(s.client, null));
    await Promise.all(lives.map((l) => l.waitStarted(20_000)));
    expect((await sockets[0]!.client.accounts.me.query())?.id).toBe(a.id);

    const clients = [...t.server.app.websocketServer.clients] as WebSocket[];
    expect(clients.length).toBe(2);
    const errorListeners = clients.map((c) => c.listeners("error"));
    for (const client of clients) {
      const tcp = (client as unknown as { _socket: { _httpMessage?: unknown } })._socket;
      expect(tcp._httpMessage ?? null).toBeNull();
    }
    // The same function on every socket (ours), besides tRPC's own per-connection listener.
    const shared = errorListeners[0]!.filter((l) => errorListeners[1]!.includes(l));
    expect(shared.length).toBe(1);

    // An error on one socket ends that socket only; the other stays open and answers.
    clients[0]!.emit("error", new Error("simulated socket error"));
    await eventually(() => clients[0]!.readyState === clients[0]!.CLOSED, { what: "the failing socket closed" });
    expect(clients[1]!.readyState).toBe(clients[1]!.OPEN);
    expect((await sockets[1]!.client.accounts.me.query())?.id).toBe(b.id);
    await Promise.all(browsers.map((br) => br.closeSockets()));
  });
});
