import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Browser, type Locator, type Page, type WebSocket } from "@playwright/test";

/** The e2e server's data directory (see playwright.config.ts). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), "amora-e2e");

/**
 * Fill the §3 date of birth (client/components/ui/date-of-birth-field.tsx) with `iso`
 * ('YYYY-MM-DD') as a member does: the group 'Date of birth', its Day and Year typed, its Month
 * chosen. `scope`: the page, or the form or dialog that holds the field (a lander has two).
 */
export async function fillDateOfBirth(scope: Page | Locator, iso: string) {
  const [year, month, day] = iso.split("-") as [string, string, string];
  const group = scope.getByRole("group", { name: "Date of birth" });
  await group.getByLabel("Day").fill(String(Number(day)));
  await group.getByLabel("Month").selectOption(String(Number(month)));
  await group.getByLabel("Year").fill(year);
}

/**
 * Wait for the newest mail to `to` under the server's var/mail and return the first link in it,
 * as a member reading the confirmation mail would.
 */
export async function readMailLink(to: string, timeoutMs = 30_000): Promise<string> {
  return readMailLinkTo(to, "/activate", timeoutMs);
}

/**
 * Wait for the newest mail to `to` under the server's var/mail with a link to `linkPath`
 * (`/reset-password/do`, `/mail-change/do`, `/reactivate` …) and return that link with its token,
 * as the member reading the mail would follow it.
 */
export async function readMailLinkTo(to: string, linkPath: string, timeoutMs = 30_000): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"<>]+${linkPath.replace(/[/.]/g, "\\$&")}\\?token=[A-Za-z0-9_%-]+`);
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(dir, f), "utf8");
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(raw)) continue;
      // Quoted-printable soft line breaks and =3D must be undone before reading the link.
      const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const link = pattern.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with a ${linkPath} link reached ${to}`);
}

/**
 * As the owner of `email`'s mailbox: ask for a password-reset link at /reset-password, follow the
 * mailed link and save `password` (which logs in on `page`). An OPERATOR_EMAILS address is made an
 * operator only at a login with a password chosen this way.
 */
export async function setPasswordThroughMail(page: Page, email: string, password: string) {
  await page.goto("/reset-password");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();
  await page.goto(await readMailLinkTo(email, "/reset-password/do"));
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Repeat the new password").fill(password);
  await page.getByRole("button", { name: "Save and log in" }).click();
  await expect(page).toHaveURL(/\/members/);
}

let counter = 0;
/** A fresh, unique e-mail address for a test member. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
}

/**
 * The §4 welcome-bonus popup comes 40 s after a free member with 0 credits enters the members
 * area: on a slow or busy machine, a test about something else can still be running then. From
 * this call on, whenever the popup shows (in any language), the page closes it as a member who
 * does not want it would, before the test's next action (Playwright's locator handler). logIn
 * uses it (the test of the popup itself passes `keepTimeBonusPopup`); signUp stores the
 * dismissal up front instead.
 */
export async function closeTimeBonusPopupWhenShown(page: Page) {
  const popup = page.getByRole("dialog").filter({ has: page.locator(".time-bonus-percent") });
  await page.addLocatorHandler(popup, async () => {
    await popup.getByRole("button").first().click(); // its close button, first in the dialog
  });
}

/**
 * Sign up through the /signup screen as a new member would; the §4 signup steps that follow on
 * /complete-signup are left for later (they are all skippable), and the member opens the search.
 * Unless `keepTimeBonusPopup`, the member has already said "Not now" to the §4 welcome-bonus
 * popup (its dismissal stored as the popup stores it, before the members' pages open), so it
 * cannot come up 40 s later in the middle of a slow test about something else, as a handler
 * closing it then could also close a menu the test had open.
 */
export async function signUp(
  page: Page,
  m: {
    email: string;
    name: string;
    gender: "female" | "male";
    country?: string;
    dob?: string;
    keepTimeBonusPopup?: boolean;
  },
) {
  await page.goto("/signup");
  await page.getByLabel("E-mail").fill(m.email);
  await page.getByLabel("Name").fill(m.name);
  await page.getByLabel("Password").fill("secret-pass-1");
  await fillDateOfBirth(page, m.dob ?? "1992-04-03");
  await page.getByLabel("I am").selectOption(m.gender);
  await page.getByLabel("Country").selectOption(m.country ?? "NL");
  await page.getByRole("button", { name: "Create my free account" }).click();
  await expect(page).toHaveURL(/\/complete-signup/);
  if (!m.keepTimeBonusPopup) {
    const me = (await (await page.request.get("/api/user.php")).json()) as { user: { id: number } };
    // client/components/layouts/time-bonus.tsx: TIME_BONUS_STORAGE_PREFIX + "-modal:" + the member's id.
    await page.evaluate(
      (key) => localStorage.setItem(key, new Date().toISOString()),
      `alert-dismissed:time-bonus-modal:${me.user.id}`,
    );
  }
  await page.goto("/members");
  await expect(page).toHaveURL(/\/members/);
}

/**
 * End the session the way a browser that lost its cookie would, without racing the app: the page
 * leaves the app first, since a tab that finds itself logged out sends the member to
 * /login?next=<its page>, and a login made meanwhile would follow that `next`.
 */
export async function dropSession(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** Log in through the /login screen; the welcome-bonus popup as in signUp. */
export async function logIn(page: Page, email: string, password: string, opts: { keepTimeBonusPopup?: boolean } = {}) {
  if (!opts.keepTimeBonusPopup) await closeTimeBonusPopupWhenShown(page);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/members/);
}

/**
 * Resolves at the next start of the tab's live stream (live.events over the WebSocket): call it
 * before what opens the stream (a navigation, a login), await it after. A fresh stream begins at
 * the newest event (§4: what committed before is read back by refetching), so a test that makes
 * another member act "while this one is online" waits for this first, the way a person only
 * counts as online once their tab is connected.
 */
export function liveStreamStarted(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    const onSocket = (socket: WebSocket) => {
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && /"type"\s*:\s*"started"/.test(payload)) {
          page.off("websocket", onSocket);
          resolve();
        }
      });
    };
    page.on("websocket", onSocket);
  });
}

/** Open `url` and wait until the tab's live stream has started (see liveStreamStarted). */
export async function gotoLive(page: Page, url: string) {
  const started = liveStreamStarted(page);
  await page.goto(url);
  await started;
}

/**
 * A new member who signed up and confirmed the e-mail address (so they may write and be written
 * to), in a browser context of their own.
 * @param viewport the screen (a desktop by default).
 * @returns the context and page (logged in), the address, the name and the member id.
 */
export async function confirmedMember(
  browser: Browser,
  name: string,
  gender: "female" | "male",
  opts: { email?: string; viewport?: { width: number; height: number } } = {},
) {
  const email = opts.email ?? uniqueEmail(name);
  const context = await browser.newContext({
    locale: "en-GB",
    viewport: opts.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signUp(page, { email, name, gender });
  await page.goto(await readMailLink(email));
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  const me = (await (await page.request.get("/api/user.php")).json()) as { user: { id: number } };
  return { context, page, email, name, id: me.user.id };
}

/** A procedure over tRPC's HTTP transport with the page's cookies, as the app calls it. */
export async function trpcCall<T>(
  page: Page,
  path: string,
  input?: unknown,
  method: "GET" | "POST" = "GET",
): Promise<T> {
  const origin = new URL(page.url()).origin;
  const res =
    method === "GET"
      ? await page.request.get(
          `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
        )
      : await page.request.post(`/trpc/${path}`, {
          data: input,
          headers: { origin, "content-type": "application/json" },
        });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** What members.get answers about a member's photos, as far as these tests look. */
export type SeededPhotos = { photos?: Array<{ locked: boolean; unlock?: string }> };

/**
 * The first seeded member whose answer to `procedure` (called as the app calls it, with the
 * page's cookies: members.get takes { id }, likes.status { profileId }) fits `want`, found from
 * id 3 on (1 and 2 are the demo accounts, seeded first).
 * @returns the member's id and that answer. @throws when no member up to id 79 fits.
 */
export async function seededMemberWhere<T>(
  page: Page,
  procedure: "members.get" | "likes.status",
  want: (data: T) => boolean,
): Promise<{ id: number; data: T }> {
  for (let id = 3; id < 80; id++) {
    const input = procedure === "members.get" ? { id } : { profileId: id };
    const res = await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
    if (!res.ok()) continue;
    const data = ((await res.json()) as { result: { data: T } }).result.data;
    if (want(data)) return { id, data };
  }
  throw new Error(`no seeded member fits (${procedure})`);
}

/** A seeded profile with photos a free member sees locked, for premium members only (members.get). */
export async function profileWithLockedPhotos(page: Page): Promise<number> {
  const found = await seededMemberWhere<SeededPhotos>(page, "members.get", (m) =>
    (m.photos ?? []).some((p) => p.locked && p.unlock === "premium"),
  );
  return found.id;
}

/**
 * Records, from now on, each moment a dialog is in the page without a name: an `aria-labelledby`
 * pointing at nothing or at an empty element (a dialog fading out after its state was cleared).
 * @returns a function that reads the recorded dialogs' classes (empty when every dialog had a name)
 */
export async function watchForNamelessDialogs(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { namelessDialogs: string[] }).namelessDialogs = seen;
    const check = () => {
      for (const dialog of document.querySelectorAll("[role=dialog]")) {
        const label = document.getElementById(dialog.getAttribute("aria-labelledby") ?? "");
        if (!dialog.getAttribute("aria-label") && !label?.textContent?.trim()) seen.push(dialog.className);
      }
    };
    new MutationObserver(check).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { namelessDialogs: string[] }).namelessDialogs);
}

/**
 * Runs in the page (`locator.evaluate(selectsCutShort)`): the selects inside `form` whose shown
 * option, measured in the select's own font, is wider than the room inside the select.
 * @returns `"<select id>: \"<text>\""` for each one cut short; empty when all fit.
 */
export function selectsCutShort(form: Element): string[] {
  return [...form.querySelectorAll("select")].flatMap((select) => {
    // The shown option's text, measured in the select's own font, against the room inside it.
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    const text = select.options[select.selectedIndex]?.text ?? "";
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(text).width > room ? [`${select.id}: "${text}"`] : [];
  });
}
