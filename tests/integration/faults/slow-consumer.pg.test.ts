import crypto from "node:crypto";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/server.js";
import { TestBrowser, collectLiveEvents } from "../../support/client.js";
import { createMember, callerFor, eventually } from "../../support/factories.js";
import { skipWithout } from "../../support/env.js";
import { clearSiteCache } from "../../../server/features/site/site.service.js";
import { createInnerContext } from "../../../server/trpc/context.js";
import { createCallerFactory } from "../../../server/trpc/init.js";
import { appRouter } from "../../../server/router.js";

/**
 * Fault catalogue: a tab that stops reading while events keep coming. The server keeps at most
 * WS_MAX_BUFFERED_BYTES of unsent output for it, then closes it; the tab resumes from its last
 * event id with nothing lost or doubled; other members keep receiving meanwhile.
 */
describe.skipIf(skipWithout("postgres+redis", "the slow-consumer fault test"))("a slow consumer", () => {
  const t = useTestServer({ env: { WS_MAX_BUFFERED_BYTES: String(256 * 1024) } });

  it("is closed past the bound, others keep receiving, and it resumes losslessly", async () => {
    // 10,000-character messages (a site that allows them) fill the socket buffers quickly.
    await t.server.deps.db
      .insertInto("sites")
      .values({
        name: "Long",
        domain: "long-letters.test",
        domain_language: "en",
        message_length: 10_000,
        company_name: "Long",
      })
      .onConflict((oc) => oc.column("domain").doNothing())
      .execute();
    clearSiteCache(t.server.deps);
    const sender = await createMember(t.server.deps, { paid: true, credits: 1_000_000 });
    const slow = await createMember(t.server.deps);
    const other = await createMember(t.server.deps);
    const slowSocket = TestBrowser.withSession(t.server, slow).openSocket();
    const slowLive = collectLiveEvents(slowSocket.client, null);
    await slowLive.waitStarted();
    const otherSocket = TestBrowser.withSession(t.server, other).openSocket();
    const otherLive = collectLiveEvents(otherSocket.client, null);
    await otherLive.waitStarted();
    // The server's side of the slow tab's connection (its client sees the close only once it reads again).
    const serverSockets = () => [...t.server.app.websocketServer.clients];
    expect(serverSockets()).toHaveLength(2);
    const closedByServer = () => serverSockets().length < 2;

    // The slow tab stops reading from its socket.
    const raw = (slowSocket.wsClient as unknown as { connection?: { ws?: { _socket?: Socket } } }).connection?.ws
      ?._socket;
    expect(raw, "the test reaches the client's TCP socket").toBeDefined();
    raw!.pause();

    const api = createCallerFactory(appRouter)(
      await createInnerContext(t.server.deps, { sessionToken: sender.sessionToken, host: "long-letters.test" }),
    );
    const toOther = await callerFor(t.server.deps, sender);
    const body = "x".repeat(10_000);
    const EVENTS = 5000;
    let sent = 0;
    while (sent < EVENTS && !closedByServer()) {
      await api.chats.send({ toProfileId: slow.id, clientId: crypto.randomUUID(), body });
      sent++;
      if (sent % 100 === 0)
        await toOther.chats.send({ toProfileId: other.id, clientId: crypto.randomUUID(), body: `ping ${sent}` });
    }
    await eventually(closedByServer, { what: "the server to close the slow socket", timeoutMs: 60_000 });
    expect(sent, "closed long before 5,000 events piled up").toBeLessThan(EVENTS);
    // Others kept receiving meanwhile.
    await otherLive.waitFor((e) => e.data.type === "message.new", "the other member's messages");

    // The tab reads again: its client reconnects and resumes from its last event id.
    raw!.resume();
    await slowLive.waitFor(
      () => slowLive.events.filter((e) => e.data.type === "message.new").length >= sent,
      `all ${sent} messages for the slow tab`,
      120_000,
    );
    const seqs = slowLive.events
      .filter((e) => e.data.type === "message.new")
      .map((e) => (e.data.message as { seq: number }).seq);
    expect(seqs).toEqual(Array.from({ length: sent }, (_, i) => i + 1)); // nothing lost, nothing doubled, in order
    slowLive.unsubscribe();
    otherLive.unsubscribe();
    slowSocket.close();
    otherSocket.close();
  });
});
