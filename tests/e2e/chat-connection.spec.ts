import { expect, test, type WebSocketRoute } from "@playwright/test";
import { logIn, seededMemberWhere } from "./support";

/**
 * §4 real time, §7: a member in a chat is told when the browser is offline, and when the live
 * connection has been down a few seconds while online (new messages then come by the polling
 * fallback, up to a minute late); the notice goes once the connection is back.
 */
test("a chat says when the browser is offline and when its live connection is reconnecting", async ({ page }) => {
  // The server going away, as the browser lives it: its sockets to /trpc are closed from the
  // server's side (routed here), and while `serverDown` holds a new one is opened to a port
  // nothing listens on, so it fails as a refused connection does (an error, then a close).
  await page.addInitScript(() => {
    const RealWebSocket = window.WebSocket;
    const flags = window as unknown as { serverDown?: boolean };
    window.WebSocket = class extends RealWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(flags.serverDown ? "ws://127.0.0.1:9/down" : url, protocols);
      }
    };
  });
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/trpc$/, (ws) => {
    sockets.push(ws);
    ws.connectToServer();
  });
  const setServerDown = (down: boolean) =>
    page.evaluate((d) => void ((window as unknown as { serverDown?: boolean }).serverDown = d), down);

  await logIn(page, "demo@amora.test", "demo12345");
  const { id } = await seededMemberWhere<unknown>(page, "members.get", () => true);
  await page.goto(`/members/${id}/chat`);
  await expect(page.getByRole("log")).toBeVisible();
  const offline = page.getByRole("status").filter({ hasText: "You are offline." });
  const reconnecting = page.getByRole("status").filter({ hasText: "Reconnecting…" });
  await expect(offline).toHaveCount(0);
  await expect(reconnecting).toHaveCount(0);

  await page.context().setOffline(true);
  await expect(offline).toHaveText("You are offline. New messages will show when you are back online.");
  await page.context().setOffline(false);
  await expect(offline).toHaveCount(0);

  // The server goes away: the open sockets close and new ones fail.
  await setServerDown(true);
  for (const ws of sockets.splice(0)) await ws.close({ code: 1001 });
  await expect(reconnecting).toHaveText("Reconnecting… New messages may take up to a minute to show.");
  // Back: the next attempt (at most 10 s later, RECONNECT_MAX_DELAY_MS) connects and the notice goes.
  await setServerDown(false);
  await expect(reconnecting).toHaveCount(0, { timeout: 40_000 });
  expect(sockets.length).toBeGreaterThan(0);
});
