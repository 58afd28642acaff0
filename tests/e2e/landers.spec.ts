import { test, expect, type Page } from "@playwright/test";
import { fillDateOfBirth, uniqueEmail } from "./support";

/**
 * Issue 11, public face (§1, §2, §4): a lander leads a visitor to a signup, tracking parameters
 * go from the URL into the `tracking` cookie and travel with the signup, the site-entry warning
 * shows once and is not shown again after entering, and the signup modal cannot be closed by
 * Escape once the visitor has started filling it in.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
/** A context that has not passed the site-entry warning yet (the config's default has). */
const freshVisitor = { cookies: [], origins: [] };

async function fillSignupForm(page: Page, email: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Name").fill("Lander Visitor");
  await page.getByLabel("Password").fill("secret-pass-1");
  await fillDateOfBirth(page, "1991-06-15");
  await page.getByLabel("I am").selectOption("female");
  await page.getByLabel("Country").selectOption("DE");
}

test("a visitor arrives on /landers/tinderswipe with tracking parameters, sees real members and signs up", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await page.goto("/landers/tinderswipe?network=affnet&ref=r42&sub=click-7&aff_sub2=camp.9&page=2");
  // The tracking parameters leave the URL at once (replace); other parameters stay.
  await expect(page).toHaveURL(/\/landers\/tinderswipe\?page=2$/);
  const tracking = (await context.cookies()).find((c) => c.name === "tracking");
  expect(decodeURIComponent(tracking?.value ?? "")).toBe("network=affnet&ref=r42&sub1=click-7&sub2=camp.9");
  expect(tracking?.sameSite).toBe("Lax");

  await expect(page.getByRole("heading", { level: 1, name: "Swipe, like, match" })).toBeVisible();
  // A real member's public photo, served from the site's media.
  const photo = page.locator(".swipe-deck img");
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute("src", /^\/media\//);
  await expect(photo).toHaveAttribute("alt", /^.+, \d+$/);
  const firstName = (await photo.getAttribute("alt"))!.split(",")[0]!;
  // The buttons are the keyboard alternative to swiping: liking moves on and invites to sign up.
  await page.getByRole("button", { name: `Like ${firstName}` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `You liked ${firstName}. Sign up to tell them.` }),
  ).toBeVisible();

  const email = uniqueEmail("lander");
  await fillSignupForm(page, email);
  const signupRequest = page.waitForRequest((r) => r.url().includes("/trpc/accounts.signup"));
  await page.getByRole("button", { name: "Create my free account" }).click();
  // The tracking record travels with the signup (the server stores it: tests/integration/tracking.test.ts).
  const cookieHeader = (await (await signupRequest).allHeaders())["cookie"] ?? "";
  expect(decodeURIComponent(cookieHeader)).toContain("tracking=network=affnet&ref=r42&sub1=click-7&sub2=camp.9");
  // On to the §4 signup steps, as from /signup.
  await expect(page).toHaveURL(/\/complete-signup/);
  await context.close();
});

test("the site-entry warning: shown to a new visitor, keeps focus inside, not shown again after entering", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: desktop, storageState: freshVisitor });
  const page = await context.newPage();
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Adults only (18+)" });
  await expect(dialog).toBeVisible();
  const enter = dialog.getByRole("button", { name: "I am 18 or older, enter" });
  const leave = dialog.getByRole("link", { name: "Leave" });
  await expect(leave).toBeVisible();
  // The terms the visitor accepts can be read from the dialog itself, in a new tab.
  const terms = dialog.getByRole("link", { name: "terms", exact: true });
  await expect(terms).toHaveAttribute("href", "/terms");
  await expect(terms).toHaveAttribute("target", "_blank");
  // Escape does not close it: an answer is needed. Tabbing stays inside the dialog.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await enter.click();
  await expect(dialog).toBeHidden();
  const skipped = await page.evaluate(() => localStorage.getItem("site-entry-skipped"));
  expect(new Date(skipped ?? "").getTime()).toBeGreaterThan(Date.now() - 600_000);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Adults only (18+)" })).toHaveCount(0);
  await context.close();
});

test("the lander layout's warning is the NL/DE version: not shown to a visitor from elsewhere", async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone, storageState: freshVisitor });
  const page = await context.newPage();
  // The test server sees 127.0.0.1: no GeoIP country, so the country-restricted version stays away.
  await page.goto("/landers/gallery/women");
  await expect(page.getByRole("heading", { level: 1, name: "Women near you want to meet you" })).toBeVisible();
  await expect(page.locator(".lander-grid img").first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});

test("the signup modal (§2): opened from the home page, not closed by Escape once signup is in progress", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("link", { name: "Sign up free" }).click();
  const dialog = page.getByRole("dialog", { name: "Create your free account" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Nothing typed yet: Escape closes it as any dialog.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("link", { name: "Sign up free" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("E-mail").fill(uniqueEmail("modal"));
  await page.keyboard.press("Escape");
  await page.mouse.click(10, 10); // the backdrop
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("E-mail")).not.toHaveValue("");
  // The close button still closes it.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});

test("the signup modal fits a laptop's window whole, and in a short window keeps its title and close button while the form scrolls", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("link", { name: "Sign up free" }).click();
  const dialog = page.getByRole("dialog", { name: "Create your free account" });
  await expect(dialog.getByRole("button", { name: "Create my free account" })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole("link", { name: "terms" })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByLabel("E-mail")).toBeInViewport({ ratio: 1 });
  // A short window: the end of the form is reached by scrolling inside the dialog; the title and
  // the close button stay in view.
  await page.setViewportSize({ width: 800, height: 500 });
  const submit = dialog.getByRole("button", { name: "Create my free account" });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole("heading", { name: "Create your free account" })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole("button", { name: "Close" })).toBeInViewport({ ratio: 1 });
  await context.close();
});

test("on a phone, opening signup goes to the signup page (§2 opening rule)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("link", { name: "Sign up free" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});

test("§2 query parameters: t shows the like modal then leaves the URL; api_signup_complete and lb are acted on and removed", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await page.goto("/landers/gallery?t=1&api_signup_complete=1&lb=1");
  await expect(page.getByRole("status").filter({ hasText: "Your signup is complete. Welcome!" })).toBeVisible();
  const like = page.getByRole("dialog", { name: "Someone you may like" });
  await expect(like).toBeVisible();
  await expect(page).toHaveURL(/\/landers\/gallery$/);
  // A visitor's like opens signup (the modal on a desktop).
  await like.getByRole("button", { name: /^Like / }).click();
  await expect(page.getByRole("dialog", { name: "Create your free account" })).toBeVisible();
  await context.close();
});

test("an unknown member's landing page and an unknown lander show the 404 page", async ({ page }) => {
  await page.goto("/members/2000000000/landing");
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  const res = await page.goto("/landers/nope");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
});

test("the map lander: each member pin, with its badge and city, sits apart from the others and inside the map", async ({
  browser,
}) => {
  for (const viewport of [phone, desktop]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto("/landers/maplanding");
    const map = page.getByRole("group", { name: "Singles all around you" });
    await expect(map.getByRole("img").first()).toBeVisible();
    // Each pin's box: the union of what it draws (photo, fictional-profile badge, city label).
    const { mapBox, pins } = await map.evaluate((el) => {
      const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
      return {
        mapBox: box(el.getBoundingClientRect()),
        pins: [...el.children].map((pin) =>
          [pin, ...pin.querySelectorAll("*")]
            .map((part) => box(part.getBoundingClientRect()))
            .filter((b) => b.right > b.left)
            .reduce((a, b) => ({
              left: Math.min(a.left, b.left),
              top: Math.min(a.top, b.top),
              right: Math.max(a.right, b.right),
              bottom: Math.max(a.bottom, b.bottom),
            })),
        ),
      };
    });
    expect(pins.length, `pins at ${viewport.width} px`).toBeGreaterThan(1);
    for (const [i, pin] of pins.entries()) {
      expect(pin.left, `pin ${i} inside the map at ${viewport.width} px`).toBeGreaterThanOrEqual(mapBox.left);
      expect(pin.right).toBeLessThanOrEqual(mapBox.right);
      expect(pin.top).toBeGreaterThanOrEqual(mapBox.top);
      expect(pin.bottom).toBeLessThanOrEqual(mapBox.bottom);
      for (const [j, other] of pins.entries()) {
        if (j <= i) continue;
        const apart =
          pin.right <= other.left || other.right <= pin.left || pin.bottom <= other.top || other.bottom <= pin.top;
        expect(apart, `pins ${i} and ${j} overlap at ${viewport.width} px`).toBe(true);
      }
    }
    await context.close();
  }
});
