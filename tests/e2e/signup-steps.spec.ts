import { test, expect, type Browser, type BrowserContextOptions } from "@playwright/test";
import { fillDateOfBirth, uniqueEmail } from "./support";

/**
 * Issue 11, §2/§4: the signup steps after the account (/complete-signup), the suggested members
 * after them (/signup-matches), language choices by country and /lang-config.
 */

/** A visitor who already passed the §4 site-entry warning (it is tested on its own). */
async function visitor(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 }, ...options });
  await context.addInitScript(() => localStorage.setItem("site-entry-skipped", new Date().toISOString()));
  return { context, page: await context.newPage() };
}

test("a new member goes through the signup steps, skipping some, and lands on the suggested members", async ({
  browser,
}) => {
  // Brussels, as the browser's geolocation reports it: the location step fills in the place from it.
  const { context, page } = await visitor(browser, {
    geolocation: { latitude: 50.8467, longitude: 4.3525 },
    permissions: ["geolocation"],
  });
  await page.goto("/signup");
  await page.getByLabel("E-mail").fill(uniqueEmail("steps"));
  await page.getByLabel("Name").fill("Stella Steps");
  await page.getByLabel("Password").fill("secret-pass-1");
  await fillDateOfBirth(page, "1991-06-15");
  await page.getByLabel("I am").selectOption("female");
  await page.getByLabel("Country").selectOption("NL");
  await page.getByRole("button", { name: "Create my free account" }).click();

  // Step 2: the photo, skipped. Seven steps where push is possible (a VAPID key, service workers
  // and the Push API), else six: the push prompt step is shown only where it can work.
  await expect(page).toHaveURL(/\/complete-signup/);
  await expect(page.getByRole("heading", { level: 1, name: "Add a photo" })).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "Signup progress" });
  const total = Number(await progress.getAttribute("aria-valuemax"));
  expect([6, 7]).toContain(total);
  const pushStep = total === 7;
  await expect(progress).toHaveAttribute("aria-valuetext", `Step 2 of ${total}`);
  // The file field speaks the page's language, not the browser's ("No file chosen").
  await expect(page.getByText("No photo chosen")).toBeVisible();
  // Saving with no photo chosen says what to do, under the field.
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByLabel("Choose a photo")).toHaveAccessibleDescription(
    "Choose a photo first, or skip this step.",
  );
  // A chosen file is named beside the field, and the message goes.
  await page
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "beach.jpg", mimeType: "image/jpeg", buffer: Buffer.from("x") });
  await expect(page.getByText("beach.jpg")).toBeVisible();
  await expect(page.getByText("No photo chosen")).toHaveCount(0);
  await expect(page.getByText("Choose a photo first, or skip this step.")).toHaveCount(0);
  await page.getByRole("button", { name: "Skip this step" }).click();

  // Step 3: the location from the browser's position, through /api/geocode.php.
  await expect(page.getByRole("heading", { level: 1, name: "Where do you live?" })).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuetext", `Step 3 of ${total}`);
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByText("We filled in your place.")).toBeVisible();
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("BE");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue(/Brussels|Bruxelles|Brussel/);
  await page.getByRole("button", { name: "Save and continue" }).click();

  // Step 4: personal info, skipped.
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await page.getByRole("button", { name: "Skip this step" }).click();

  // Step 5: about me, saved through the profile's own procedure.
  await expect(page.getByRole("heading", { level: 1, name: "About me" })).toBeVisible();
  await page.getByLabel("About me", { exact: true }).fill("I like long walks along the canals.");
  await page.getByRole("button", { name: "Save and continue" }).click();

  // The push prompt step, passed by: skipped, or (headless Chromium denies notifications) only
  // "Continue" after saying they are blocked. The permission dialog is not part of this test.
  if (pushStep) {
    await expect(page.getByRole("heading", { level: 1, name: "Turn on notifications" })).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuetext", `Step 6 of ${total}`);
    await page.getByRole("button", { name: /^(Skip this step|Continue)$/ }).click();
  }

  // The last step: confirm the e-mail address (the link can be sent again), then the suggestions.
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  // The step says it once: the activation reminder banner, which says the same, is not shown beside it.
  await expect(page.getByText(/Please confirm your e-mail address: we sent a link/)).toHaveCount(0);
  await expect(
    page.getByText("Open it to confirm your address: then you can like and write to members.", { exact: false }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText("We sent the link again.")).toBeVisible();
  await page.getByRole("button", { name: "See members for you" }).click();
  await expect(page).toHaveURL(/\/signup-matches/);
  await expect(page.getByRole("heading", { level: 1, name: "Members you may like" })).toBeVisible();
  // Past the steps the reminder shows, saying what the site does until then (no likes or messages
  // either way, docs/decisions.md), as the step did.
  await expect(
    page.getByText(
      /Please confirm your e-mail address: we sent a link to .+\. Until then, you cannot like or write to members, nor they to you\./,
    ),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Suggested members" }).getByRole("listitem").first()).toBeVisible();

  // What the steps saved is the member's profile.
  await page.goto("/profile");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue(/Brussels|Bruxelles|Brussel/);
  await expect(page.getByLabel("About me", { exact: true })).toHaveValue("I like long walks along the canals.");
  await context.close();
});

test("each signup step opens at its top with focus on its title, wherever the previous screen was scrolled", async ({
  browser,
}) => {
  const { context, page } = await visitor(browser, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const scrollToBottom = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.goto("/signup");
  await page.getByLabel("E-mail").fill(uniqueEmail("steps-top"));
  await page.getByLabel("Name").fill("Tina Top");
  await page.getByLabel("Password").fill("secret-pass-1");
  await fillDateOfBirth(page, "1990-02-11");
  await page.getByLabel("I am").selectOption("female");
  await page.getByLabel("Country").selectOption("NL");
  await scrollToBottom();
  await page.getByRole("button", { name: "Create my free account" }).click();

  // The account form was left from the bottom of the page: the first step starts at its title.
  const photo = page.getByRole("heading", { level: 1, name: "Add a photo" });
  await expect(photo).toBeFocused();
  await expect(photo).toBeInViewport({ ratio: 1 });

  await scrollToBottom();
  await page.getByRole("button", { name: "Skip this step" }).click();
  const location = page.getByRole("heading", { level: 1, name: "Where do you live?" });
  await expect(location).toBeFocused();
  await expect(location).toBeInViewport({ ratio: 1 });

  await scrollToBottom();
  await page.getByRole("button", { name: "Skip this step" }).click();
  const personal = page.getByRole("heading", { level: 1, name: "Your details" });
  await expect(personal).toBeFocused();
  await expect(personal).toBeInViewport({ ratio: 1 });

  // The longest step, left from its bottom: the next one still opens at its title.
  await scrollToBottom();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Skip this step" }).click();
  const about = page.getByRole("heading", { level: 1, name: "About me" });
  await expect(about).toBeFocused();
  await expect(about).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel("About me", { exact: true })).toBeInViewport({ ratio: 1 });
  await context.close();
});

test("the language dropdown of a visitor from Belgium offers nl, fr and de plus the browser's language", async ({
  browser,
}) => {
  // A Belgian address (GeoLite: BE), as a load balancer reports it (the e2e server trusts the proxy).
  const { context, page } = await visitor(browser, { extraHTTPHeaders: { "x-forwarded-for": "81.82.0.1" } });
  await page.goto("/login");
  await page.getByRole("button", { name: /Language/ }).click();
  const menu = page.locator("#language-menu + .dropdown-menu, [aria-labelledby='language-menu']");
  for (const name of ["Nederlands", "Français", "Deutsch", "English"])
    await expect(menu.getByRole("button", { name })).toBeVisible();
  for (const name of ["Español", "Italiano", "Polski"]) await expect(menu.getByRole("button", { name })).toHaveCount(0);
  await context.close();
});

test("/lang-config sets the country and the locale cookie, and the interface switches language", async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await page.goto("/lang-config");
  await expect(page.getByRole("heading", { level: 1, name: "Country and language" })).toBeVisible();
  await page.getByLabel("Country", { exact: true }).selectOption("DE");
  await page.getByLabel("Language", { exact: true }).selectOption("de");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Land und Sprache" })).toBeVisible();
  await expect(page.getByText("Deine Spracheinstellungen sind gespeichert.")).toBeVisible();
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  expect(cookies.locale?.value).toBe("de");
  expect(cookies.country?.value).toBe("DE");
  // 365 days (§9), give or take the test's own duration.
  expect(cookies.locale!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  // The choice is kept: the next page opens in German.
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await context.close();
});
