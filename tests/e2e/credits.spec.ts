import { test, expect, type Page } from "@playwright/test";
import { logIn, profileWithLockedPhotos, readMailLink, selectsCutShort, signUp, uniqueEmail } from "./support";

/**
 * The money path end to end (issue 4): a new free member with 0 credits sees the welcome time
 * bonus counting down and its popup, buys a package with the 25% through the simulated hosted
 * checkout, becomes premium — Credits link, the badge once credits run low — and the locked
 * photos open.
 */

/** Send paid messages through the app's own API (as the chat screen does), to run the balance down. */
async function sendMessages(page: Page, toProfileId: number, count: number) {
  await page.evaluate(
    async ({ toProfileId, count }) => {
      for (let i = 0; i < count; i++) {
        const res = await fetch("/trpc/chats.send", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ toProfileId, clientId: crypto.randomUUID(), body: `Hello ${i + 1}` }),
        });
        if (!res.ok) throw new Error(`send ${i + 1}: ${res.status} ${await res.text()}`);
      }
    },
    { toProfileId, count },
  );
}

test("a free member with 0 credits claims the time bonus, pays through the checkout, becomes premium and sees every photo", async ({
  page,
}) => {
  test.setTimeout(300_000); // a long journey (signup, checkout, return): above the 180 s default, a ceiling only
  await page.clock.install();
  const email = uniqueEmail("bonus");
  await signUp(page, { email, name: "Bonnie", gender: "male", country: "NL", keepTimeBonusPopup: true });
  // Only a confirmed member may write (issue 10): confirm from the mailed link, then back to the members area.
  await page.goto(await readMailLink(email));
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await page.goto("/members");
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Get Premium" })).toBeVisible();
  await expect(page.getByText("0 credits", { exact: true })).toBeVisible();

  // §4: the banner counts down every second as hh:mm:ss and links to /credits.
  const banner = page.getByRole("link", { name: /Act Fast, Only \d\d:\d\d:\d\d hours to Claim/ });
  await expect(banner).toBeVisible();
  const before = await banner.textContent();
  expect(before).toMatch(/(03:59:[0-5]\d|04:00:00)/);
  await page.clock.fastForward(2_000);
  await expect(banner).not.toHaveText(before!);

  // A free member sees the extra photos locked; a click offers premium.
  const profileId = await profileWithLockedPhotos(page);
  await page.goto(`/members/${profileId}`);
  const locked = page.getByRole("button", { name: "Photo visible for premium members" });
  await expect(locked.first()).toBeVisible();
  await locked.first().click();
  const premiumOnly = page.getByRole("dialog", { name: "For premium members" });
  await expect(premiumOnly).toBeVisible();

  // §4: 40 s in the members area with 0 credits: the bonus popup, stating 25 percent. One dialog
  // at a time: it waits while the member reads another (here the premium one) and shows after it.
  // Every dialog is a portal under <body>: count how many it ever holds at once.
  await page.evaluate(() => {
    const w = window as unknown as { mostDialogsAtOnce: number };
    w.mostDialogsAtOnce = document.querySelectorAll('body > [role="dialog"]').length;
    new MutationObserver(() => {
      w.mostDialogsAtOnce = Math.max(w.mostDialogsAtOnce, document.querySelectorAll('body > [role="dialog"]').length);
    }).observe(document.body, { childList: true });
  });
  await page.clock.fastForward(41_000);
  // The popup's 40 s have run (it marks itself shown for the tab), yet the premium dialog is alone.
  await expect
    .poll(() => page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith("time-bonus-shown:"))))
    .toBe(true);
  await expect(premiumOnly).toBeVisible();
  await premiumOnly.getByRole("button", { name: "Not now" }).click();
  const popup = page.getByRole("dialog", { name: "Your welcome bonus: 25 percent off" });
  await expect(popup).toBeVisible();
  await expect(premiumOnly).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { mostDialogsAtOnce: number }).mostDialogsAtOnce)).toBe(1);
  await popup.getByRole("link", { name: "Claim my 25% bonus" }).click();

  // /credits: the packages with 25% off; the best value is marked.
  await expect(page).toHaveURL(/\/credits/);
  await expect(page.getByRole("heading", { name: "Buy credits" })).toBeVisible();
  const packages = page.getByRole("list", { name: "Credit packages" });
  await expect(packages.getByText("Best value")).toBeVisible();
  await expect(packages.getByText("25% off")).toHaveCount(4);
  await page.getByRole("link", { name: "Choose 100 credits" }).click();

  await expect(page.getByRole("heading", { name: "Pay for 100 credits" })).toBeVisible();
  await expect(page.getByText("TIMEBONUS25 (−25%)")).toBeVisible();
  await page.getByLabel("iDEAL").check();
  await page.getByRole("button", { name: "Pay €7.49" }).click();

  // The simulated provider's hosted checkout.
  await expect(page).toHaveURL(/\/checkout\/sim_/);
  await expect(page.getByText("Test mode: no real money moves")).toBeVisible();
  await expect(page.getByText("€7.49").first()).toBeVisible();
  await page.getByRole("button", { name: "Pay €7.49" }).click();

  // Back on the site: the return page polls until the webhook (or the provider) confirms.
  await expect(page).toHaveURL(/\/transactions\/\d+/);
  await expect(page.getByRole("heading", { name: "Payment completed: 100 credits added" })).toBeVisible();
  await expect(page.getByText("You are a premium member")).toBeVisible();

  // Premium: the Credits link (with repeat order) replaces Get Premium; the bonus is gone.
  await expect(nav.getByRole("link", { name: /^Credits/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Repeat order" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Get Premium" })).toHaveCount(0);
  await expect(page.getByText("100 credits", { exact: true })).toBeVisible();
  // The premium page no longer sells premium to a member who has it.
  await page.goto("/premium");
  await expect(page.getByRole("heading", { level: 1, name: "You are a premium member" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Go Premium" })).toHaveCount(0);

  // The locked photos open.
  await page.goto(`/members/${profileId}`);
  await expect(page.getByRole("button", { name: /^Open photo 1 of \d+$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Photo visible for premium members" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Act Fast/ })).toHaveCount(0);

  // §2: the Credits badge shows at 10 or fewer: warning above 0, danger at 0.
  await sendMessages(page, profileId, 9);
  await page.reload();
  const credits = nav.getByRole("link", { name: /^Credits/ });
  await expect(credits.locator(".badge")).toHaveText("10");
  await expect(credits.locator(".badge")).toHaveClass(/bg-warning/);
  await sendMessages(page, profileId, 1);
  await page.reload();
  await expect(credits.locator(".badge")).toHaveText("0");
  await expect(credits.locator(".badge")).toHaveClass(/bg-danger/);

  // The purchase is in the history, with its details (§3 Payment).
  await page.goto("/transactions");
  await page.getByRole("link", { name: /100 credits/ }).click();
  await expect(page.getByText("€7.49")).toBeVisible();
  await expect(page.getByText(/14 days: unused credits can be refunded until/)).toBeVisible();
});

test("a failed payment says so and offers another method", async ({ page }) => {
  await signUp(page, { email: uniqueEmail("fail"), name: "Fenna", gender: "female", country: "DE" });
  await page.goto("/credits");
  await page.getByRole("link", { name: "Choose 250 credits" }).click();
  await page.getByLabel("Sofort").check();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  await page.getByRole("button", { name: "Simulate a failed payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment failed or has been cancelled." })).toBeVisible();
  await page.getByRole("link", { name: "Try another method" }).click();
  await expect(page.getByRole("heading", { name: "Pay for 250 credits" })).toBeVisible();
  // The bonus came back with the failed payment.
  await expect(page.getByText("TIMEBONUS25 (−25%)")).toBeVisible();
});

test("credits are counted in the language's plural forms and grouped as it writes numbers", async ({ page }) => {
  await logIn(page, "free@amora.test", "demo12345");
  const balance = page.locator("#credits-title + p");
  const packageSizes = page.locator(".package-credits");
  for (const [locale, text, largest] of [
    ["fr", "Vous avez 0 crédit. Tout pack fait de vous un membre premium.", "1\u202f500"],
    ["pl", "Masz 0 kredytów. Każdy pakiet daje ci konto premium.", "1500"],
    ["nl", null, "1.500"],
    ["en", "You have 0 credits. Buying any package makes you a premium member.", "1,500"],
  ]) {
    await page.context().addCookies([{ name: "locale", value: locale!, url: page.url() }]);
    await page.goto("/credits");
    await expect(page.locator("html")).toHaveAttribute("lang", locale!);
    if (text) await expect(balance).toHaveText(text);
    // The largest package (1500 credits) as the language writes it (Polish groups from 10 000 on).
    await expect(packageSizes.last()).toHaveText(largest!);
  }
});

test("on a 320 px phone the packages and the payment methods fit the screen, in German and Polish", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await logIn(page, "free@amora.test", "demo12345");
  for (const locale of ["de", "pl"]) {
    await context.addCookies([{ name: "locale", value: locale, url: page.url() }]);
    await page.goto("/credits");
    const choose = page.getByRole("main").locator(".package-card .btn");
    await expect(choose).toHaveCount(4);
    // Each package's button keeps its word on one line, and the ribbon stays inside its card.
    const broken = await choose.evaluateAll((buttons) =>
      buttons
        .filter((b) => {
          const style = getComputedStyle(b);
          const inner = b.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          return inner > parseFloat(style.lineHeight) * 1.5;
        })
        .map((b) => b.textContent),
    );
    expect(broken, `${locale}: a Choose button on two lines`).toEqual([]);
    const ribbon = await page.locator(".package-ribbon").boundingBox();
    const card = await page.locator(".package-card.best-value").boundingBox();
    expect(ribbon!.x, locale).toBeGreaterThanOrEqual(card!.x);
    expect(ribbon!.x + ribbon!.width, locale).toBeLessThanOrEqual(card!.x + card!.width);
    for (const screen of ["/credits", "/credits/2"]) {
      await page.goto(screen);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (screen === "/credits/2") await expect(page.getByRole("radio").first()).toBeVisible();
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(wider, `${locale} ${screen}: the page is wider than the screen`).toBeLessThanOrEqual(0);
    }
  }
});

test("on a 360 px phone the direct debit form's labels and phone country fit their fields, in all seven languages", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, "demo@amora.test", "demo12345");
  for (const locale of ["en", "de", "es", "fr", "it", "nl", "pl"]) {
    await context.addCookies([{ name: "locale", value: locale, url: page.url() }]);
    await page.goto("/directdebit");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const form = page.getByRole("main").locator("form");
    await expect(form.locator("#dd-phoneCountry")).toBeVisible();
    const misfits = await form.evaluate((f) => {
      const found: string[] = [];
      // Each visible label on one line and within its field's width (German "Hausnummer" ran
      // past its field; English "House number" wrapped and pushed its field below the street's).
      for (const label of f.querySelectorAll<HTMLLabelElement>("label.form-label")) {
        const field = document.getElementById(label.htmlFor);
        if (!field || label.classList.contains("visually-hidden")) continue;
        const style = getComputedStyle(label);
        if (label.getBoundingClientRect().height > parseFloat(style.lineHeight) * 1.5)
          found.push(`${label.htmlFor}: two lines`);
        const range = document.createRange();
        range.selectNodeContents(label);
        if (range.getBoundingClientRect().right > field.getBoundingClientRect().right + 1)
          found.push(`${label.htmlFor}: wider than its field`);
      }
      return found;
    });
    expect(misfits, locale).toEqual([]);
    // The chosen phone country's name whole inside its select.
    expect(await form.locator("fieldset").evaluate(selectsCutShort), locale).toEqual([]);
  }
});
