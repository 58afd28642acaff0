import { test, expect, type BrowserContext, type Page, type Worker } from "@playwright/test";
import { confirmedMember, gotoLive, logIn, signUp, uniqueEmail } from "./support";

/**
 * Issue 11 and §2/§4, the installed-app pieces beside the push itself (tests/e2e/pwa-push.spec.ts):
 * a notification click leads to its page (client/sw/sw.ts notificationclick), the offline page and
 * the app shell from the cache (sw.ts install/fetch), the push prompt's dismissal (§2 Banners and
 * alerts), §4 polling while the live socket is down (client/lib/polling.ts) and the §2 app badge
 * (client/app/live-provider.tsx).
 */
// Every other spec blocks service workers (playwright.config.ts): these are about them.
test.use({ serviceWorkers: "allow" });

/** The site's service worker, once it is active and controls `page`. */
async function activeWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe("activated");
  const worker = context.serviceWorkers().find((w) => new URL(w.url()).pathname === "/sw.js");
  return worker ?? context.waitForEvent("serviceworker", (w) => new URL(w.url()).pathname === "/sw.js");
}

/**
 * Click the shown notification tagged `tag` inside the service worker: sw.js's own notificationclick
 * listener runs on the real Notification (its data as showNotification stored it) with the real
 * clients. A notification click is the one thing no automation interface makes (neither CDP nor
 * Playwright can click a notification), so two parts of the browser stand in: the event is
 * dispatched from script, whose waitUntil the browser refuses (its promise is collected here
 * instead), and Chromium lets WindowClient.focus() and clients.openWindow() run only during a
 * trusted click, so focus() is allowed (it resolves with the tab) and openWindow() records the URL
 * it was asked to open. WindowClient.navigate() is the browser's own.
 * @returns the URLs the listener asked to open in a new window.
 */
async function clickNotification(worker: Worker, tag: string): Promise<string[]> {
  return worker.evaluate(async (tag) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      clients: { openWindow(url: string): Promise<unknown> };
      WindowClient: { prototype: { focus(): Promise<unknown> } };
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(e: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) throw new Error(`no notification tagged ${tag}`);
    const opened: string[] = [];
    scope.WindowClient.prototype.focus = function (this: unknown) {
      return Promise.resolve(this);
    };
    scope.clients.openWindow = (url: string) => {
      opened.push(url);
      return Promise.resolve(null);
    };
    const pending: Promise<unknown>[] = [];
    const event = new scope.NotificationEvent("notificationclick", { notification });
    Object.defineProperty(event, "waitUntil", { value: (p: Promise<unknown>) => pending.push(p) });
    scope.dispatchEvent(event);
    if (pending.length === 0) throw new Error("no notificationclick listener took the click");
    await Promise.all(pending);
    return opened;
  }, tag);
}

test("clicking a notification leads the open tab to its page and closes it; with no tab of the site, opens the page", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["notifications"]);
  const page = await context.newPage();
  await logIn(page, "free@amora.test", "demo12345");
  const worker = await activeWorker(context, page);
  await page.goto("/about");

  // A like's notification, shown as the push listener shows it (pwa-push.spec.ts: data.url).
  const show = (url: string, tag: string) =>
    worker.evaluate(
      ([url, tag]) =>
        (self as unknown as { registration: ServiceWorkerRegistration }).registration.showNotification("Amora", {
          body: "Someone likes you",
          tag,
          data: { url },
        }),
      [url, tag] as const,
    );
  const shownTags = () =>
    worker.evaluate(async () =>
      (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map(
        (n) => n.tag,
      ),
    );
  await show("/likes/received", "like-1");
  await expect.poll(shownTags).toEqual(["like-1"]);
  expect(await clickNotification(worker, "like-1")).toEqual([]);
  // The tab that was open (on /about) now shows the received likes; the notification is gone.
  await expect(page).toHaveURL(/\/likes\/received$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(shownTags).toEqual([]);

  // No tab of the site open (the tab left for another site): a new window on the page.
  await show("/chats/42", "chat-42");
  await expect.poll(shownTags).toEqual(["chat-42"]);
  await page.goto("about:blank");
  // Until the browser has let go of the page that left, the worker may still list it among its
  // clients, and navigate() on that dying client never settles: click once it is gone.
  await expect
    .poll(() =>
      worker.evaluate(async () => {
        const scope = self as unknown as {
          clients: { matchAll(o: { type: "window"; includeUncontrolled: true }): Promise<{ url: string }[]> };
          location: Location;
        };
        const tabs = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
        return tabs.filter((c) => new URL(c.url).origin === scope.location.origin).length;
      }),
    )
    .toBe(0);
  expect(await clickNotification(worker, "chat-42")).toEqual([`${baseURL}/chats/42`]);
  await context.close();
});

test("offline: a page opens as the cached offline page, and the app shell comes from the cache", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/");
  await activeWorker(context, page);
  // The entry's script and style of this build, as the page loaded them.
  const shell = await page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLScriptElement>("script[type=module][src]")].map((s) => s.src),
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet][href^="/assets/"]')].map((l) => l.href),
  ]);
  expect(shell.length).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.goto("/members");
  await expect(page).toHaveTitle("You are offline — Amora");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/");
  // Its icon, precached with the shell, shows offline too.
  await expect
    .poll(() => page.locator("main img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Still offline: the shell's files answer from the service worker's cache (not the browser's HTTP
  // cache: "no-store"); a /trpc call never does.
  const answers = await page.evaluate(async (urls) => {
    const status = (u: string) =>
      fetch(u, { cache: "no-store" }).then(
        (r) => r.status,
        () => "failed",
      );
    return { shell: await Promise.all(urls.map(status)), trpc: await status("/trpc/site.settings") };
  }, shell);
  expect(answers).toEqual({ shell: shell.map(() => 200), trpc: "failed" });

  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
  await context.close();
});

test("§2 push prompt: a member who skipped the signup steps' push step is not asked again on the next page", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signUp(page, { email: uniqueEmail("pushskip"), name: "Skip Push", gender: "female" });
  // The prompt is offered on the members' pages (the member has not answered yet) …
  const turnOn = page.getByRole("button", { name: "Turn on notifications" });
  await expect(turnOn).toBeVisible();
  // … and, as a step, in the signup steps, where the member skips it.
  await page.goto("/complete-signup");
  for (const title of ["Add a photo", "Where do you live?", "Your details", "About me"]) {
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("button", { name: "Skip this step" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Turn on notifications" })).toBeVisible();
  await page.getByRole("button", { name: "Skip this step" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  await page.getByRole("button", { name: "See members for you" }).click();
  await expect(page).toHaveURL(/\/signup-matches/);
  await expect(page.getByRole("heading", { level: 1, name: "Members you may like" })).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(turnOn).toHaveCount(0);
  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1, name: "Search members" })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(turnOn).toHaveCount(0);
  await context.close();
});

test("§2 push prompt: dismissing it stores when, and it stays hidden after a reload", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, "free@amora.test", "demo12345");
  const turnOn = page.getByRole("button", { name: "Turn on notifications" });
  await expect(turnOn).toBeVisible();
  const me = (await (await page.request.get("/trpc/accounts.me")).json()) as { result: { data: { id: number } } };
  const key = `alert-dismissed:push-prompt:${me.result.data.id}`;

  const before = Date.now();
  await page.getByRole("status").filter({ has: turnOn }).getByRole("button", { name: "Close" }).click();
  await expect(turnOn).toHaveCount(0);
  const stored = await page.evaluate((key) => localStorage.getItem(key), key);
  expect(stored).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(Date.parse(stored!)).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(stored!)).toBeLessThanOrEqual(Date.now() + 1000);

  // After a reload, once the account shows and the service worker has answered about push (what the
  // prompt waits for) and two frames have been painted, it is not shown; nor on the next page.
  await page.reload();
  await expect(page.getByRole("button", { name: /\(Account menu\)$/ })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(turnOn).toHaveCount(0);
  await page
    .getByRole("navigation")
    .first()
    .getByRole("link", { name: /^Likes/ })
    .click();
  await expect(page).toHaveURL(/\/likes/);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(turnOn).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), key)).toBe(stored);

  // The same page without the stored dismissal shows the prompt again: the dismissal hid it.
  await page.evaluate((key) => localStorage.removeItem(key), key);
  await page.reload();
  await expect(turnOn).toBeVisible();
  await context.close();
});

/**
 * §4 polling: `page` with the page's clock paused from the start: page time passes only when the
 * test says (`pass`), whatever the machine's speed. Counts the fetches of accounts.me (the user
 * poll) the page makes. The live WebSocket is down (every socket to /trpc goes to a closed port,
 * so it never opens) unless `socket: "open"`; then it is the real one, whose keep-alive pings are
 * answered in the page (on the paused clock the server's pong could come after the page's timeout),
 * and `dropSocket()` closes it and sends every later socket to the closed port.
 */
async function pollingPage(context: BrowserContext, opts: { pushSubscribed: boolean; socket?: "down" | "open" }) {
  const page = await context.newPage();
  await logIn(page, "free@amora.test", "demo12345");
  await page.addInitScript(
    ({ pushSubscribed, socketUp }) => {
      const live = window as unknown as { __socketUp: boolean; __sockets: WebSocket[] };
      live.__socketUp = socketUp;
      live.__sockets = [];
      const RealWebSocket = window.WebSocket;
      window.WebSocket = class extends RealWebSocket {
        constructor(url: string | URL, protocols?: string | string[]) {
          const toSite = new URL(String(url)).pathname === "/trpc";
          super(toSite && !live.__socketUp ? "ws://127.0.0.1:1/trpc" : url, protocols);
          if (toSite) live.__sockets.push(this);
        }
        override send(data: string | ArrayBufferLike | Blob | ArrayBufferView) {
          if (data !== "PING") return super.send(data);
          queueMicrotask(() => this.dispatchEvent(new MessageEvent("message", { data: "PONG" })));
        }
      };
      const w = window as unknown as { __userPolls: number };
      w.__userPolls = 0;
      const realFetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname.startsWith("/trpc/") && url.pathname.slice(6).split(",").includes("accounts.me"))
          w.__userPolls += 1;
        return realFetch(input, init);
      };
      // This browser subscribed to push (the browser's own push service is out of reach here, so
      // the push manager answers with a subscription of its own).
      if (pushSubscribed)
        PushManager.prototype.getSubscription = () =>
          Promise.resolve({ endpoint: "", toJSON: () => ({}) } as unknown as PushSubscription);
    },
    { pushSubscribed: opts.pushSubscribed, socketUp: opts.socket === "open" },
  );
  await page.clock.install({ time: new Date("2026-06-01T10:00:00Z") });
  await page.clock.pauseAt(new Date("2026-06-01T11:00:00Z"));
  await page.goto("/members");
  // Loading takes no page time: only the timers due now run (react-query and tRPC hand work on
  // through 0 ms timers), until the page shows the search.
  const results = page.getByRole("list", { name: "Search results" });
  await expect
    .poll(async () => {
      await page.clock.runFor(0);
      return results.isVisible();
    })
    .toBe(true);
  const polls = async () => {
    // Work handed on through 0 ms timers (a refetch's request goes out from one, 1 ms on): one
    // millisecond more, twice, and the count is complete.
    await page.clock.runFor(1);
    await page.clock.runFor(1);
    return page.evaluate(() => (window as unknown as { __userPolls: number }).__userPolls);
  };
  /** Let `seconds` of page time pass, one second at a time (each due timer fires, each fetch is counted). */
  const pass = async (seconds: number) => {
    for (let s = 0; s < seconds; s += 1) {
      await page.clock.runFor(1_000);
      await polls();
    }
  };
  /** Whether the page's live socket is open now. */
  const socketOpen = () =>
    page.evaluate(() =>
      (window as unknown as { __sockets: WebSocket[] }).__sockets.some((ws) => ws.readyState === WebSocket.OPEN),
    );
  const dropSocket = () =>
    page.evaluate(() => {
      const live = window as unknown as { __socketUp: boolean; __sockets: WebSocket[] };
      live.__socketUp = false;
      for (const ws of live.__sockets) ws.close();
    });
  return { page, polls, pass, socketOpen, dropSocket };
}

test("§4 polling while the socket is down: the first poll 5 s after load, then every 60 s", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { polls, pass } = await pollingPage(context, { pushSubscribed: false });
  const loaded = await polls();
  await pass(4); // 4 s after load
  expect(await polls()).toBe(loaded);
  await pass(1); // 5 s
  expect(await polls()).toBe(loaded + 1);
  await pass(55); // 60 s
  expect(await polls()).toBe(loaded + 1);
  await pass(10); // 70 s
  expect(await polls()).toBe(loaded + 2);
  await pass(55); // 125 s
  expect(await polls()).toBe(loaded + 2);
  await pass(10); // 135 s
  expect(await polls()).toBe(loaded + 3);
  await context.close();
});

test("§4 no polling while the live socket is open; once it drops, polling every 60 s", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page, polls, pass, socketOpen, dropSocket } = await pollingPage(context, {
    pushSubscribed: false,
    socket: "open",
  });
  // The live stream's component is loaded lazily and React may reveal it on a timer (its Suspense
  // throttle): let page time pass while waiting, 100 ms a look, far below the first poll's 5 s.
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return socketOpen();
    })
    .toBe(true);
  // The live stream's start reads the account back once (app/live-member.tsx onStarted): a resync,
  // not a poll. It may land a moment after the socket opens.
  await expect.poll(polls).toBe(1);
  const loaded = await polls();
  await pass(135); // past the first poll's 5 s and two 60 s periods: nothing, the socket keeps data live
  expect(await polls()).toBe(loaded);
  expect(await socketOpen()).toBe(true);

  await dropSocket();
  await expect.poll(socketOpen).toBe(false);
  await pass(55);
  expect(await polls()).toBe(loaded);
  await pass(10); // 65 s after the drop
  expect(await polls()).toBe(loaded + 1);
  await context.close();
});

test("§4 polling while the socket is down, with push subscribed: the first poll 5 s after load, then every 300 s", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { polls, pass } = await pollingPage(context, { pushSubscribed: true });
  const loaded = await polls();
  await pass(4);
  expect(await polls()).toBe(loaded);
  await pass(1); // 5 s
  expect(await polls()).toBe(loaded + 1);
  await pass(295); // 300 s
  expect(await polls()).toBe(loaded + 1);
  await pass(10); // 310 s
  expect(await polls()).toBe(loaded + 2);
  await context.close();
});

test("§2 the app badge shows the member's unread total, as the title does", async ({ browser }) => {
  const b = await confirmedMember(browser, "Badgea", "female");
  await b.page.addInitScript(() => {
    const calls: (number | "clear")[] = [];
    (window as unknown as { __badge: typeof calls }).__badge = calls;
    const nav = Navigator.prototype as unknown as {
      setAppBadge: (n?: number) => Promise<void>;
      clearAppBadge: () => Promise<void>;
    };
    nav.setAppBadge = (n?: number) => {
      calls.push(n ?? 0);
      return Promise.resolve();
    };
    nav.clearAppBadge = () => {
      calls.push("clear");
      return Promise.resolve();
    };
  });
  await gotoLive(b.page, "/members");
  const lastBadge = () =>
    b.page.evaluate(() => (window as unknown as { __badge: (number | "clear")[] }).__badge.at(-1) ?? null);
  await expect.poll(lastBadge).toBe("clear");

  // Another member writes to B and likes B, while B's tab is open.
  const aContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const a = await aContext.newPage();
  await logIn(a, "demo@amora.test", "demo12345");
  await a.goto(`/members/${b.id}`);
  await a.getByRole("link", { name: "Send message" }).click();
  await expect(a).toHaveURL(/\/chat$/);
  await a.getByLabel("Your message").fill("Hello Badgea");
  await a.getByRole("button", { name: "Send" }).click();
  await expect(a.getByText("Hello Badgea")).toBeVisible();
  const like = await a.request.post("/trpc/likes.like", { data: { profileId: b.id } });
  expect(like.status()).toBe(200);

  // B sees one unread message and one new like: 2 in the title, and 2 on the app badge.
  await expect(b.page).toHaveTitle(/^\(2\) /);
  await expect.poll(lastBadge).toBe(2);
  await aContext.close();
  await b.context.close();
});
