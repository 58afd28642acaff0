import { test, expect, type Browser, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import crypto from "node:crypto";
import {
  confirmedMember,
  dropSession,
  gotoLive,
  logIn,
  profileWithLockedPhotos,
  readMailLink,
  readMailLinkTo,
  setPasswordThroughMail,
  signUp,
  trpcCall,
  uniqueEmail,
  watchForNamelessDialogs,
} from "./support";

/**
 * Issue 11, WCAG 2.2 AA: axe-core finds 0 violations of any impact on every main screen, logged
 * out and logged in (the demo accounts, README: premium and free), on a desktop and on a
 * phone-sized screen, with the dialogs a member meets there.
 * Rules: axe's WCAG 2.0/2.1/2.2 A and AA tags plus its best practices.
 */
const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const publicScreens = [
  "/",
  "/login",
  "/signup",
  "/premium",
  "/terms",
  "/faq",
  "/no/such/page",
  "/activate/error",
  // §2 static pages with the company's details (the site's own `{token}` pages are read from its
  // sitemap, in "logged out: every public screen").
  "/service",
  // §2 language configuration (issue 11).
  "/lang-config",
  // §2 landers (issue 11): every variant, and a member's landing pages (member 1 is the demo account).
  "/landers/adultonly",
  "/landers/tinderswipe",
  "/landers/whoneedsstrings",
  "/landers/alonetonight",
  "/landers/collagelanding",
  "/landers/gallery/women",
  "/landers/iconslanding",
  "/landers/maplanding",
  "/landers/socialnetwork",
  "/landers/transitionsvideolanding",
  "/landers/video",
  "/members/1/landing",
  "/members/1/signup",
  "/members/1/landing2/local",
  "/members/1/landing3",
  // The price list and the remaining §2 static pages.
  "/pricing",
  "/privacy",
  "/cookies",
  "/ban",
  "/return-policy",
  "/complaints",
  // Shown logged out after a deletion; the unsubscribe link of a mail asks before it acts (a token
  // only mail gives: the page with one nobody was sent, as a stale link shows it).
  "/account-deleted",
  "/unsubscribe?token=stale-link-token",
];

/**
 * Member screens; `:member` is filled in from what the demo account sees. A conversation with
 * messages (/chats/:id) is scanned in "a chat with messages …" below, which writes one.
 */
const memberScreens = [
  "/members",
  "/members/:member",
  "/members/:member/chat",
  "/likes",
  "/likes/received",
  "/likes/sent",
  "/likes/match",
  "/chats",
  "/profile",
  "/settings",
  "/settings/blocked",
  "/settings/delete",
  "/notifications",
  "/credits",
  "/transactions",
  "/directdebit",
  "/premium",
  // §4 signup steps and the suggested members after them (issue 11).
  "/complete-signup?step=photo",
  "/complete-signup?step=location",
  "/complete-signup?step=personal",
  "/complete-signup?step=about",
  "/complete-signup?step=push",
  "/complete-signup?step=confirm",
  "/signup-matches",
  // §2 match finder (with results) and swipe game (issue 11).
  "/match-finder?gender=any&age=any",
  "/swipe-game",
];

async function ready(page: Page) {
  // The screen is up: its heading shows and nothing is loading any more.
  await expect(page.locator("h1").first(), `the heading of ${page.url()}`).toBeVisible();
  await expect(page.locator(".spinner-border, .placeholder-glow, [aria-busy='true']")).toHaveCount(0);
}

/** As `ready`, on a screen whose one loading state is a call the test holds (its spinner stays). */
async function readyButTheHeldCall(page: Page) {
  await expect(page.locator("h1").first(), `the heading of ${page.url()}`).toBeVisible();
  await expect(page.locator(".spinner-border")).toHaveCount(1);
  await expect(page.locator(".placeholder-glow, [aria-busy='true']")).toHaveCount(0);
}

async function expectNoViolations(page: Page, label: string) {
  // axe reads colours as they are drawn: a colour transition still running (a button enabled as
  // its data arrive, as the profile's Like) would be read halfway between its two states, each of
  // which is checked on its own.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.impact ?? "?"} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect.soft(summary, `${label}\n${summary.join("\n")}`).toEqual([]);
  // axe leaves text over a gradient undecided ("incomplete", bgGradient): measured here against
  // every colour stop of the gradient behind it.
  const onGradient = results.incomplete
    .filter((r) => r.id === "color-contrast")
    .flatMap((r) => r.nodes)
    .filter((n) => n.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === "bgGradient"))
    .map((n) => n.target.join(" "));
  const lowContrast = await page
    .evaluate(installContrastKit)
    .then(() => page.evaluate(contrastOverGradients, onGradient));
  expect.soft(lowContrast, `${label}: text over a gradient below WCAG AA\n${lowContrast.join("\n")}`).toEqual([]);
}

/** What `installContrastKit` puts on the page's `window`. */
interface ContrastKit {
  /** The channels of a computed CSS colour, `rgb(r, g, b)` or `rgba(r, g, b, a)`: [r, g, b] or [r, g, b, a]. */
  colorChannels(color: string): number[];
  /** WCAG 2.2's contrast ratio of two computed CSS colours (alpha ignored), 1 to 21. */
  contrastRatio(a: string, b: string): number;
}

/** Runs in the page: installs the ContrastKit the in-page checks below use (`page.evaluate(installContrastKit)` first). */
function installContrastKit() {
  const colorChannels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = (color: string) => {
    const [r, g, b] = colorChannels(color)
      .slice(0, 3)
      .map((c) => {
        const v = c / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrastRatio = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  Object.assign(window, { colorChannels, contrastRatio } satisfies ContrastKit);
}

/**
 * Runs in the page. For each selector: the text's colour against each colour stop of the nearest
 * gradient behind it (WCAG 2.2 1.4.3: 4.5:1, or 3:1 for large text: 24 px, or 18.66 px bold).
 * @returns one line per element with a stop below the ratio, empty when all pass.
 */
function contrastOverGradients(selectors: string[]): string[] {
  const { contrastRatio: ratio } = window as unknown as ContrastKit;
  const failures: string[] = [];
  for (const selector of selectors) {
    const element = document.querySelector(selector);
    if (!element) continue;
    const style = getComputedStyle(element);
    let behind: Element | null = element;
    while (behind && !getComputedStyle(behind).backgroundImage.includes("gradient")) behind = behind.parentElement;
    if (!behind) continue;
    const stops = getComputedStyle(behind).backgroundImage.match(/rgba?\([^)]*\)/g) ?? [];
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const worst = Math.min(...stops.map((stop) => ratio(style.color, stop)));
    if (worst < needed) failures.push(`${selector}: ${worst.toFixed(2)}:1 (needs ${needed}:1) on ${stops.join(", ")}`);
  }
  return failures;
}

/** The dialog named `title` has shown (faded in: axe measures colours as painted) and has 0 violations. */
async function expectDialogWithoutViolations(page: Page, title: string, label: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoViolations(page, label);
  return dialog;
}

/**
 * Holds the tab's calls to the tRPC procedure `procedure` until the returned function is called, as
 * a slow connection would: a screen shown only while a mailed link is checked can then be scanned.
 */
async function holdCall(page: Page, procedure: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/trpc/[^?]*${procedure.replace(/\./g, "\\.")}`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function memberPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { reducedMotion?: "reduce" } = {},
) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("demo@amora.test");
  await page.getByLabel("Password").fill("demo12345");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/members/);
  return { context, page };
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`axe on ${name} (${viewport.width}×${viewport.height})`, () => {
    test("logged out: every public screen", async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      for (const screen of publicScreens) {
        await page.goto(screen);
        await ready(page);
        await expectNoViolations(page, `${name} ${screen}`);
      }
      // §2 /pages/{token}: the site's own pages (table site_pages), found as a search engine finds
      // them, in the site's sitemap.
      const sitemap = await (await page.request.get("/sitemap.xml")).text();
      const tokenPages = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/pages\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(tokenPages, "the sitemap lists the site's own /pages/{token} pages").not.toEqual([]);
      for (const screen of tokenPages) {
        await page.goto(screen);
        await ready(page);
        await expectNoViolations(page, `${name} ${screen}`);
      }
      await context.close();
    });

    test("logged out: a new member's confirmation link (/activate, then /activate/done)", async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const email = uniqueEmail(`axe.activate.${name}`);
      await signUp(page, { email, name: "Ada", gender: "female" });
      await dropSession(page);
      // /activate shows while the link's token is checked.
      const release = await holdCall(page, "accounts.activate");
      await page.goto(await readMailLink(email));
      await expect(page).toHaveURL(/\/activate$/);
      await expect(page.getByRole("heading", { level: 1, name: "Confirming your e-mail address…" })).toBeVisible();
      await readyButTheHeldCall(page);
      await expectNoViolations(page, `${name} /activate (checking the link)`);
      release();
      await expect(page).toHaveURL(/\/activate\/done$/);
      await ready(page);
      await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
      await expectNoViolations(page, `${name} /activate/done`);
      // Opened again (a mail client's preview, a second tap): already confirmed, not an error.
      await page.goto(await readMailLink(email));
      await expect(page.getByRole("heading", { name: "Your e-mail address is already confirmed" })).toBeVisible();
      await ready(page);
      await expectNoViolations(page, `${name} /activate/done (link opened again)`);
      await context.close();
    });

    test("logged in, not yet confirmed: /activate/error offers a new link", async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signUp(page, { email: uniqueEmail(`axe.activate-error.${name}`), name: "Ida", gender: "female" });
      await page.goto("/activate/error");
      await ready(page);
      await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
      await expectNoViolations(page, `${name} /activate/error (logged in)`);
      await page.getByRole("button", { name: "Send a new link" }).click();
      await expect(page.getByRole("status").filter({ hasText: "We sent a new link to" })).toBeVisible();
      await expectNoViolations(page, `${name} /activate/error (new link sent)`);
      await context.close();
    });

    test("logged out: a forgotten password, from /reset-password to the mailed link's form", async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const email = uniqueEmail(`axe.reset.${name}`);
      await signUp(page, { email, name: "Rosa", gender: "female" });
      await dropSession(page);

      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page).toHaveURL(/\/reset-password$/);
      await ready(page);
      await expectNoViolations(page, `${name} /reset-password`);
      await page.getByLabel("E-mail").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();
      await expectNoViolations(page, `${name} /reset-password (link sent)`);

      // The mailed link: its token leaves the address bar at once.
      const resetLink = await readMailLinkTo(email, "/reset-password/do");
      await page.goto(resetLink);
      await expect(page).toHaveURL(/\/reset-password\/do$/);
      await ready(page);
      await expectNoViolations(page, `${name} /reset-password/do`);
      await page.getByLabel("New password", { exact: true }).fill("my new secret 9");
      await page.getByLabel("Repeat the new password").fill("my new secret 8");
      await page.getByRole("button", { name: "Save and log in" }).click();
      await expect(page.getByText("The entered passwords are not the same.")).toBeVisible();
      await expectNoViolations(page, `${name} /reset-password/do (passwords differ)`);
      await page.getByLabel("Repeat the new password").fill("my new secret 9");
      await page.getByRole("button", { name: "Save and log in" }).click();
      await expect(page).toHaveURL(/\/members/);
      await expect(page.getByRole("status").filter({ hasText: "Your password is changed." })).toBeVisible();
      await ready(page);
      await expectNoViolations(page, `${name} /members (password changed)`);
      // The link is single use: opened again, it says so before anything is typed.
      await dropSession(page);
      await page.goto(resetLink);
      await expect(page.getByRole("heading", { level: 1, name: "This link can no longer be used" })).toBeVisible();
      await ready(page);
      await expectNoViolations(page, `${name} /reset-password/do (link used)`);
      await context.close();
    });

    test("logged in: the e-mail change, from /settings to the mailed /mail-change/do link", async ({ browser }) => {
      const member = await confirmedMember(browser, name === "desktop" ? "Mila" : "Noor", "female", { viewport });
      const { page } = member;
      const newEmail = uniqueEmail(`axe.mailchange.${name}`);
      await page.goto("/settings");
      await ready(page);
      const form = page.getByRole("form", { name: "Change e-mail address" });
      await form.getByLabel("New e-mail address").fill(newEmail);
      await form.getByLabel("Password").fill("secret-pass-1");
      await form.getByRole("button", { name: "Send confirmation link" }).click();
      await expect(page.getByRole("status").filter({ hasText: "We sent a link to" })).toBeVisible();
      await expectNoViolations(page, `${name} /settings (e-mail change link sent)`);

      // The link mailed to the new address changes it; opened again, it says the same.
      const link = await readMailLinkTo(newEmail, "/mail-change/do");
      const release = await holdCall(page, "security.confirmEmailChange");
      await page.goto(link);
      await expect(page).toHaveURL(/\/mail-change\/do$/);
      await expect(page.getByRole("heading", { level: 1, name: "Changing your e-mail address…" })).toBeVisible();
      await readyButTheHeldCall(page);
      await expectNoViolations(page, `${name} /mail-change/do (checking the link)`);
      release();
      // The outcome takes the heading's place, and focus, so a screen reader says it.
      await expect(page.getByRole("heading", { level: 1, name: "Your e-mail address is changed" })).toBeFocused();
      await ready(page);
      await expectNoViolations(page, `${name} /mail-change/do`);
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Your e-mail address is changed" })).toBeVisible();
      await expect(page.getByText(newEmail)).toBeVisible();
      // A link that cannot be used says the address was not changed.
      await page.goto(`/mail-change/do?token=${"A".repeat(43)}`);
      await expect(page.getByRole("heading", { name: "The e-mail address was not changed" })).toBeVisible();
      await ready(page);
      await expectNoViolations(page, `${name} /mail-change/do (link invalid)`);
      await member.context.close();
    });

    test("logged in: buying credits, from /credits through the checkout to the payment and a repeat order", async ({
      browser,
    }) => {
      const member = await confirmedMember(browser, name === "desktop" ? "Pim" : "Sem", "male", { viewport });
      const { page } = member;
      // A new member (0 credits, the welcome bonus) chooses a package on /credits.
      await page.goto("/credits");
      await ready(page);
      await expectNoViolations(page, `${name} /credits (new member, welcome bonus)`);
      await page.getByRole("link", { name: "Choose 100 credits" }).click();
      await expect(page).toHaveURL(/\/credits\/\d+/);
      await ready(page);
      await expect(page.getByRole("heading", { level: 1, name: "Pay for 100 credits" })).toBeVisible();
      await expectNoViolations(page, `${name} /credits/:id`);
      await page.getByRole("radio", { name: /Visa/ }).check();
      await expect(page).toHaveURL(/\/credits\/\d+\/visa/);
      await expectNoViolations(page, `${name} /credits/:id/visa`);

      // The simulated provider's hosted checkout (/checkout/:reference).
      await page.getByRole("button", { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
      await ready(page);
      const checkoutUrl = page.url();
      await expect(page.getByText("Test mode: no real money moves")).toBeVisible();
      await expectNoViolations(page, `${name} /checkout/:reference`);
      await page.getByRole("button", { name: /^Pay / }).click();

      // The return page (/transactions/:id) once the payment is confirmed.
      await expect(page).toHaveURL(/\/transactions\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: "Payment completed: 100 credits added" })).toBeVisible();
      await ready(page);
      await expectNoViolations(page, `${name} /transactions/:id (completed)`);

      // The checkout's address opened again: it is closed.
      await page.goto(checkoutUrl);
      await expect(page.getByText("This checkout is closed.")).toBeVisible();
      await ready(page);
      await expectNoViolations(page, `${name} /checkout/:reference (closed)`);

      // The order, offered again with the saved card.
      await page.goto("/credits/repeat-order");
      await ready(page);
      await expect(page.getByRole("button", { name: "Buy again" })).toBeVisible();
      await expectNoViolations(page, `${name} /credits/repeat-order`);
      await member.context.close();
    });

    test("an account deleted and brought back from the mailed /reactivate link", async ({ browser }) => {
      const member = await confirmedMember(browser, name === "desktop" ? "Lotte" : "Fleur", "female", { viewport });
      const { page } = member;
      await page.goto("/settings/delete");
      await ready(page);
      await page.getByLabel("Another reason").check();
      await page.getByRole("button", { name: "Delete my account" }).click();
      const confirm = await expectDialogWithoutViolations(
        page,
        "Delete your account?",
        `${name} /settings/delete confirmation dialog`,
      );
      await confirm.getByRole("button", { name: "Yes, delete my account" }).click();
      await expect(page).toHaveURL(/\/account-deleted$/);

      // The deletion mail's link brings the account back and logs the member in.
      const link = await readMailLinkTo(member.email, "/reactivate");
      await page.goto(link);
      await expect(
        page.getByRole("status").filter({ hasText: "Welcome back! Your account is active again." }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/members$/);
      await ready(page);
      await expectNoViolations(page, `${name} /members (reactivated)`);
      // The link is single use: opened again, /reactivate says so.
      await page.goto(link);
      await expect(page.getByRole("alert")).toContainText("Link expired or invalid, request a new email.");
      await ready(page);
      await expectNoViolations(page, `${name} /reactivate (link used)`);
      await member.context.close();
    });

    test("logged in (demo account): every member screen", async ({ browser }) => {
      const { context, page } = await memberPage(browser, viewport);
      await ready(page);
      // A member to look at: the first search result (the seeded members, so there is one).
      const profileHref = await page
        .getByRole("list", { name: "Search results" })
        .locator('a[href^="/members/"]')
        .first()
        .getAttribute("href");
      const member = /\/members\/(\d+)/.exec(profileHref ?? "")?.[1];
      expect(member, `a member id in ${profileHref}`).toBeTruthy();
      for (const screen of memberScreens) {
        const url = screen.replace(":member", member!);
        await page.goto(url);
        await ready(page);
        await expectNoViolations(page, `${name} ${url}`);
      }
      await context.close();
    });
    test("a chat with messages and the icebreaker, report, new-like and match dialogs (demo account)", async ({
      browser,
    }) => {
      // A new member to write to and hear from: the conversation, like and match are made here.
      const partner = await confirmedMember(browser, name === "desktop" ? "Bram" : "Joris", "male", { viewport });
      const { context, page } = await memberPage(browser, viewport);
      const demo = await trpcCall<{ id: number }>(page, "accounts.me");

      // The profile's report dialog.
      await gotoLive(page, `/members/${partner.id}`);
      await ready(page);
      await page.getByRole("button", { name: `Report ${partner.name}` }).click();
      await expectDialogWithoutViolations(page, `Report ${partner.name}`, `${name} report profile dialog`);
      await page
        .getByRole("dialog", { name: `Report ${partner.name}` })
        .getByRole("button", { name: "Close" })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      // A like arrives while the demo account is online (§2 new-like modal); liking back is a match.
      await trpcCall(partner.page, "likes.like", { profileId: demo.id }, "POST");
      const newLike = await expectDialogWithoutViolations(page, "New like!", `${name} new-like dialog`);
      await newLike.getByRole("button", { name: "Like back" }).click();
      const match = await expectDialogWithoutViolations(page, "It's a match!", `${name} match dialog`);
      await match.getByRole("button", { name: "Close" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      // The empty conversation offers an icebreaker; its opener is sent through the composer.
      await page.goto(`/members/${partner.id}/chat`);
      await ready(page);
      await page.getByRole("button", { name: "Need an icebreaker?" }).click();
      const icebreaker = await expectDialogWithoutViolations(page, "Break the ice", `${name} icebreaker dialog`);
      const opener = icebreaker.getByRole("button", { name: new RegExp(`^Hi ${partner.name}, your profile`) });
      const text = await opener.innerText();
      await opener.click();
      await expect(page.getByLabel("Your message")).toHaveValue(text);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByRole("log").getByText(text)).toBeVisible();

      // The partner answers: the chat shows the messages of both sides.
      const reply = await trpcCall<{ message: { conversationId: number } }>(
        partner.page,
        "chats.send",
        { toProfileId: demo.id, clientId: crypto.randomUUID(), body: "Hi! Tea, always. And you?" },
        "POST",
      );
      const url = `/chats/${reply.message.conversationId}`;
      await page.goto(url);
      await ready(page);
      const log = page.getByRole("log");
      await expect(log.getByText(text)).toBeVisible();
      await expect(log.getByText("Hi! Tea, always. And you?")).toBeVisible();
      await expectNoViolations(page, `${name} ${url}`);

      // The chat's report dialog (on a phone, from the header's "More actions" menu, scanned open).
      if (name === "phone") {
        await page.getByRole("button", { name: "More actions" }).click();
        await expectNoViolations(page, `${name} ${url} with its More actions menu`);
      }
      await page.getByRole("button", { name: `Report this chat with ${partner.name}` }).click();
      await expectDialogWithoutViolations(page, `Report ${partner.name}`, `${name} report chat dialog`);

      await page.goto("/chats");
      await ready(page);
      await expect(page.getByRole("link", { name: new RegExp(partner.name) })).toBeVisible();
      await expectNoViolations(page, `${name} /chats with a conversation`);
      // Removing a chat asks first (UX review #1).
      await page.getByRole("button", { name: `Remove the chat with ${partner.name}` }).click();
      const removeDialog = await expectDialogWithoutViolations(
        page,
        `Remove the chat with ${partner.name}?`,
        `${name} remove chat dialog`,
      );
      await removeDialog.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await partner.context.close();
      await context.close();
    });

    test("logged in (free demo account): members area, locked photos, Get Premium, time bonus and a refused message", async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      // The bonus popup comes after 40 s in the members area: the page's clock is moved on instead.
      await page.clock.install();
      await logIn(page, "free@amora.test", "demo12345", { keepTimeBonusPopup: true });
      await ready(page);

      // The top bar offers Get Premium (on a phone in the menu); the welcome bonus (4 hours from the
      // account's creation, when this server started with a fresh data directory) counts down.
      if (name === "phone") await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("navigation").first().getByRole("link", { name: "Get Premium" })).toBeVisible();
      await expect(page.getByRole("link", { name: /Act Fast, Only \d\d:\d\d:\d\d hours to Claim/ })).toBeVisible();
      await expectNoViolations(page, `${name} free /members with Get Premium and the bonus banner`);

      await page.clock.fastForward(41_000);
      const bonus = await expectDialogWithoutViolations(
        page,
        "Your welcome bonus: 25 percent off",
        `${name} free time-bonus popup`,
      );
      await bonus.getByRole("button", { name: "Not now" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      // A profile with photos a free member sees blurred, and the premium popup a click on one opens.
      const member = await profileWithLockedPhotos(page);
      await page.goto(`/members/${member}`);
      await ready(page);
      const locked = page.getByRole("button", { name: "Photo visible for premium members" }).first();
      await expect(locked).toBeVisible();
      await expectNoViolations(page, `${name} free /members/${member} (locked photos)`);
      await locked.click();
      const premium = await expectDialogWithoutViolations(page, "For premium members", `${name} free photo popup`);
      await premium.getByRole("button", { name: "Not now" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      // The free messages are used up (through the API, as the chat does), so a message written in
      // the chat is refused with the not-enough-credits popup.
      const me = await trpcCall<{ freeMessagesLeft: number }>(page, "accounts.me");
      for (let i = 0; i < me.freeMessagesLeft; i++) {
        await trpcCall(
          page,
          "chats.send",
          { toProfileId: member, clientId: crypto.randomUUID(), body: `Free message ${i + 1}` },
          "POST",
        );
      }
      await page.goto(`/members/${member}/chat`);
      await ready(page);
      await page.getByLabel("Your message").fill("One more, with no credits left");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expectDialogWithoutViolations(page, "Not enough credits", `${name} free not-enough-credits popup`);
      await context.close();
    });
  });
}

test("the site-entry warning and the signup modal have no violations either (phone and desktop)", async ({
  browser,
}) => {
  for (const [name, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto("/");
    const warning = page.getByRole("dialog", { name: "Adults only (18+)" });
    await expect(warning).toBeVisible();
    // axe measures colours as painted: wait for the fade-in to end (opacity 1), or the labels of a
    // half-faded dialog count as low contrast.
    await expect(warning).toHaveCSS("opacity", "1");
    await expectNoViolations(page, `${name} site-entry warning`);
    await warning.getByRole("button", { name: "I am 18 or older, enter" }).click();
    await expect(warning).toBeHidden();
    if (name === "desktop") {
      await page.getByRole("link", { name: "Sign up free" }).click();
      const signup = page.getByRole("dialog", { name: "Create your free account" });
      await expect(signup).toBeVisible();
      await expect(signup).toHaveCSS("opacity", "1");
      await expectNoViolations(page, `${name} signup modal`);
    }
    await context.close();
  }
});

test("the operator console /ops, with a report, and its action dialog (phone and desktop)", async ({ browser }) => {
  // An operator: an account whose address is in OPERATOR_EMAILS (playwright.config.ts), made one
  // at login once its password was set through the mailed reset link. As a member first, it reports a profile, so the console has a report to show.
  const operator = await confirmedMember(browser, "Ottilie", "female", { email: "ops.a11y@example.com" });
  const { page } = operator;
  const reported = await profileWithLockedPhotos(page);
  await page.goto(`/members/${reported}`);
  await ready(page);
  const { name: reportedName } = await trpcCall<{ name: string }>(page, "members.get", { id: reported });
  await page.getByRole("button", { name: `Report ${reportedName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Report ${reportedName}` });
  await dialog.getByLabel("Fake profile").check();
  await dialog.getByLabel("Anything else we should know? (optional)").fill("Axe checks the console.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Thank you. Our team will look at your report.")).toBeVisible();
  // Operators are made at a login with a password chosen through a mailed reset link.
  await dropSession(page);
  await setPasswordThroughMail(page, operator.email, "operator-pass-2");
  await dropSession(page);
  await logIn(page, operator.email, "operator-pass-2");

  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto("/ops");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
    const report = page.getByTestId("ops-report").filter({ hasText: "Axe checks the console." });
    await expect(report).toBeVisible();
    await expectNoViolations(page, `${name} /ops`);
    await report.getByRole("button", { name: `Warn ${reportedName}` }).click();
    const warn = await expectDialogWithoutViolations(page, `Warn ${reportedName}`, `${name} /ops warn dialog`);
    await warn.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  // Suspended from the report, the member leaves the reports but stays in the console's list of
  // suspended and banned members, to be reinstated from there.
  const report = page.getByTestId("ops-report").filter({ hasText: "Axe checks the console." });
  await report.getByRole("button", { name: `Suspend ${reportedName}` }).click();
  // The dialog keeps its name while it fades out after the action is done.
  const namelessDialogs = await watchForNamelessDialogs(page);
  await page
    .getByRole("dialog", { name: `Suspend ${reportedName}` })
    .getByRole("button", { name: "Confirm" })
    .click();
  await expect(report).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await namelessDialogs()).toEqual([]);
  const restricted = page.getByRole("region", { name: /^Suspended and banned members/ });
  const reinstateButton = restricted.getByRole("button", { name: `Reinstate ${reportedName}` });
  await expect(reinstateButton).toBeVisible();
  await expectNoViolations(page, "phone /ops with a suspended member");
  await reinstateButton.click();
  await page
    .getByRole("dialog", { name: `Reinstate ${reportedName}` })
    .getByRole("button", { name: "Confirm" })
    .click();
  await expect(reinstateButton).toHaveCount(0);
  await operator.context.close();
});

test("a skip link comes first and leads to the main content", async ({ page }) => {
  await page.goto("/login");
  await ready(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveAttribute("href", "#main");
});

test("after a route change focus is on the new page's heading and the title names the page", async ({ browser }) => {
  const { context, page } = await memberPage(browser, viewports.desktop);
  await ready(page);
  await page
    .getByRole("navigation")
    .getByRole("link", { name: /^Messages/ })
    .click();
  await expect(page).toHaveURL(/\/chats$/);
  const heading = page.getByRole("heading", { level: 1, name: "Messages" });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(/^(\(\d+\+?\) )?Messages — Amora$/);
  // The same on every page of the top bar and the account menu, in turn.
  const nav = page.getByRole("navigation").first();
  for (const [link, heading, url] of [
    [nav.getByRole("link", { name: /^Likes/ }), "Likes", /\/likes/],
    [nav.getByRole("link", { name: "Search members" }), "Search members", /\/members/],
    [nav.getByRole("link", { name: /^Credits/ }), "Buy credits", /\/credits/],
  ] as const) {
    await link.click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeFocused();
  }
  await page.getByRole("button", { name: "Demo (Account menu)", exact: true }).click();
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeFocused();
  await context.close();
});

test("on a phone, Messages and Likes are reachable without opening the menu", async ({ browser }) => {
  const { context, page } = await memberPage(browser, viewports.phone);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Messages/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Likes/ })).toBeVisible();
  await page.screenshot({ path: "test-results/a11y-phone-top-bar.png" });
  await context.close();
});

/**
 * Runs in the page. WCAG 2.2 1.4.11: the border of each enabled text field, select, and unchecked
 * checkbox, radio or switch against the colour behind the control (the first opaque background
 * among its ancestors), 3:1 at least.
 * @returns one line per control below 3:1, empty when all pass.
 */
function controlBoundariesBelow3To1(): string[] {
  const { contrastRatio: ratio, colorChannels: channels } = window as unknown as ContrastKit;
  const opaque = (color: string) => (channels(color)[3] ?? 1) === 1;
  const failures: string[] = [];
  const controls = document.querySelectorAll<HTMLInputElement>(
    ".form-control:not(:disabled), .form-select:not(:disabled), .form-check-input:not(:disabled):not(:checked)",
  );
  for (const control of controls) {
    if (!control.checkVisibility()) continue;
    let behind = control.parentElement;
    while (behind && !opaque(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
    const background = behind ? getComputedStyle(behind).backgroundColor : "rgb(255, 255, 255)";
    const border = getComputedStyle(control).borderTopColor;
    const contrast = ratio(border, background);
    if (contrast < 3) {
      const name = control.labels?.[0]?.textContent ?? control.getAttribute("aria-label") ?? control.name;
      failures.push(`${control.className} "${name}": ${contrast.toFixed(2)}:1 (${border} on ${background})`);
    }
  }
  return failures;
}

test("form controls' borders stand out 3:1 from what is behind them: fields, radios, checkboxes, a switch (WCAG 1.4.11)", async ({
  browser,
}) => {
  const { context, page } = await memberPage(browser, viewports.phone);
  for (const [screen, control] of [
    ["/members", page.getByLabel("Min age")],
    ["/settings", page.getByLabel("Old password")],
    ["/settings/blocked", page.getByLabel("Be invisible")],
    ["/credits/2", page.getByRole("radio").first()],
    ["/profile", page.getByRole("checkbox").first()],
  ] as const) {
    await page.goto(screen);
    await expect(control).toBeVisible();
    expect(
      await page.evaluate(installContrastKit).then(() => page.evaluate(controlBoundariesBelow3To1)),
      screen,
    ).toEqual([]);
  }
  // The report dialog's reasons (radios) on a profile.
  await page.goto("/members");
  await page.locator('a[href^="/members/"]').first().click();
  await page
    .getByRole("button", { name: /^Report/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: /^Report / });
  await expect(dialog.getByRole("radio").first()).toBeVisible();
  expect(
    await page.evaluate(installContrastKit).then(() => page.evaluate(controlBoundariesBelow3To1)),
    "report dialog",
  ).toEqual([]);
  await context.close();
});

/**
 * Runs in the page. WCAG 2.2 2.4.7 and 1.4.11: the focused element, or the nearest ancestor that
 * draws the ring for it (a card for its stretched link, a payment method for its radio), has a
 * solid outline 2 px or wider, and the ring stands out 3:1 from what is behind it: its own colour,
 * or the white band drawn inside it, against the first opaque background among the ring owner's
 * ancestors. Behind a gradient (a colour axe and this cannot read) the white band is required.
 * @returns a line for the focused element when its ring fails, null when it passes.
 */
async function focusRingFailure(): Promise<string | null> {
  // Bootstrap eases box-shadow in over 0.15 s: read the styles as they end.
  await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  const { contrastRatio: ratio, colorChannels: channels } = window as unknown as ContrastKit;
  const focused = document.activeElement as HTMLElement | null;
  if (!focused || focused === document.body) return null;
  const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 40)}"`;
  const drawsRing = (element: HTMLElement) => {
    const style = getComputedStyle(element);
    return style.outlineStyle === "solid" && parseFloat(style.outlineWidth) >= 2;
  };
  let owner: HTMLElement | null = focused;
  for (let up = 0; owner && !drawsRing(owner); up++) owner = up < 3 ? owner.parentElement : null;
  if (!owner) return `${name}: no visible focus ring`;
  const style = getComputedStyle(owner);
  const whiteBand = /rgb\(255, 255, 255\)/.test(style.boxShadow) || Number(style.outlineOffset.replace("px", "")) < 0;
  let behind = owner.parentElement;
  while (behind) {
    const bg = getComputedStyle(behind);
    if (bg.backgroundImage !== "none") return whiteBand ? null : `${name}: on a gradient without the white band`;
    if ((channels(bg.backgroundColor)[3] ?? 1) === 1) break;
    behind = behind.parentElement;
  }
  const background = behind ? getComputedStyle(behind).backgroundColor : "rgb(255, 255, 255)";
  const best = Math.max(ratio(style.outlineColor, background), whiteBand ? ratio("rgb(255, 255, 255)", background) : 0);
  return best >= 3 ? null : `${name}: ring ${style.outlineColor} on ${background}, ${best.toFixed(2)}:1`;
}

test("every control reached with Tab shows a focus ring that stands out 3:1 (WCAG 2.4.7, 1.4.11)", async ({
  browser,
}) => {
  for (const viewport of [viewports.desktop, viewports.phone]) {
    const loggedOut = await browser.newContext({ viewport });
    const visitor = await loggedOut.newPage();
    await visitor.addInitScript(() => localStorage.setItem("site-entry-skipped", "1"));
    const { context, page } = await memberPage(browser, viewport);
    for (const [who, screen] of [
      [visitor, "/login"],
      [visitor, "/signup"],
      [visitor, "/landers/adultonly"],
      [visitor, "/landers/alonetonight"],
      [page, "/members"],
      [page, "/credits/2"],
      [page, "/settings"],
      [page, "/profile"],
    ] as const) {
      await who.goto(screen);
      await expect(who.getByRole("heading", { level: 1 }).first()).toBeVisible();
      const failures = new Set<string>();
      const reached = new Set<string>();
      for (let tab = 0; tab < 30; tab++) {
        await who.keyboard.press("Tab");
        const failure = await who.evaluate(installContrastKit).then(() => who.evaluate(focusRingFailure));
        if (failure) failures.add(failure);
        reached.add(await who.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ""));
      }
      expect(reached.size, `${screen}: Tab moves through the controls`).toBeGreaterThan(3);
      expect([...failures], `${screen} at ${viewport.width} px`).toEqual([]);
    }
    await loggedOut.close();
    await context.close();
  }
});

test("a control reached with Tab is not hidden under the sticky top bar or the docked push prompt (WCAG 2.4.11)", async ({
  browser,
}) => {
  // Reduced motion: Bootstrap's smooth scrolling off, so the page has scrolled when Tab returns.
  const { context, page } = await memberPage(browser, viewports.phone, { reducedMotion: "reduce" });
  await page.goto("/members");
  const dock = page.locator(".push-prompt-dock").getByRole("button", { name: "Turn on notifications" });
  await expect(dock).toBeVisible();
  await expect(page.getByRole("link", { name: /, \d+$/ }).first()).toBeVisible();
  const hidden = new Set<string>();
  let cards = 0;
  // Down through the results, then back up (the top bar is what may cover on the way up).
  for (let tab = 0; tab < 50; tab++) {
    await page.keyboard.press(tab < 40 ? "Tab" : "Shift+Tab");
    const where = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      // The skip link shows over the top bar by design; the bar and the prompt are what may cover.
      if (focused.closest(".top-bar, .push-prompt-dock, .skip-link")) return null;
      const rect = focused.getBoundingClientRect();
      const barBottom = document.querySelector(".top-bar")!.getBoundingClientRect().bottom;
      const dockTop = document.querySelector(".push-prompt-dock .push-prompt")!.getBoundingClientRect().top;
      const visible = rect.top >= barBottom - 1 && rect.bottom <= dockTop + 1;
      return { name: focused.textContent?.trim().slice(0, 30) ?? "", visible, card: !!focused.closest(".member-card") };
    });
    if (!where) continue;
    if (where.card) cards++;
    if (!where.visible) hidden.add(where.name);
  }
  expect(cards, "Tab went through the result cards").toBeGreaterThan(4);
  expect([...hidden]).toEqual([]);
  await context.close();
});
