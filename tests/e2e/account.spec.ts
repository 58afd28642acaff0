import { test, expect } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { dropSession, readMailLink, readMailLinkTo, signUp, uniqueEmail } from "./support";

/**
 * A member's own account (issue 9 part A): a forgotten password is reset from the mailed link,
 * and the profile is edited on /profile and shown on the public profile page.
 */

test("forgot password: the mailed link sets a new password and logs the member in", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = uniqueEmail("forgetful");
  await signUp(page, { email, name: "Forgetful", gender: "female" });
  await dropSession(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("E-mail").press("Enter");
  // The answer takes the form's place and the focus (read out; the keyboard goes on from there).
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeFocused();

  const link = await readMailLinkTo(email, "/reset-password/do");
  await page.goto(link);
  // The token leaves the address bar (and the history list) at once; a reload still finds it.
  await expect(page).toHaveURL(/\/reset-password\/do$/);
  await page.reload();
  await expect(page).toHaveURL(/\/reset-password\/do$/);
  await page.getByLabel("New password", { exact: true }).fill("my new secret 9");
  await page.getByLabel("Repeat the new password").fill("my new secret 8");
  await page.getByRole("button", { name: "Save and log in" }).click();
  await expect(page.getByText("The entered passwords are not the same.")).toBeVisible();
  await page.getByLabel("Repeat the new password").fill("my new secret 9");
  await page.getByRole("button", { name: "Save and log in" }).click();
  await expect(page).toHaveURL(/\/members/);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Your password is changed. You were logged out on your other devices." }),
  ).toBeVisible();

  // The link works once: opened again, it says so at once, with no form to fill in first.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This link can no longer be used" })).toBeVisible();
  await expect(page.getByText("Link expired or invalid, request a new email.")).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();

  // Logged in as the member: the old password no longer works, the new one does.
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await dropSession(page);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("secret-pass-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login failed, please try again.");
  await page.getByLabel("Password").fill("my new secret 9");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/members/);
  await context.close();
});

test("a confirmation link opened twice says it is confirmed; a link that failed offers a new one", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = uniqueEmail("twice");
  await signUp(page, { email, name: "Twice", gender: "female" });
  const link = await readMailLink(email);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  // A mail client's preview or a second tap: the same success, also on another device.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your e-mail address is already confirmed" })).toBeVisible();
  await dropSession(page);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your e-mail address is already confirmed" })).toBeVisible();

  // A link that really failed: logged out, the way to a new link is to log in first.
  const other = uniqueEmail("failed");
  await signUp(page, { email: other, name: "Failed", gender: "female" });
  await dropSession(page);
  await page.goto("/activate?token=" + "A".repeat(43));
  await expect(page.getByRole("heading", { name: "Activation failed." })).toBeVisible();
  await page.getByRole("link", { name: "Log in to get a new link" }).click();
  await page.getByLabel("E-mail").fill(other);
  await page.getByLabel("Password").fill("secret-pass-1");
  await page.getByRole("button", { name: "Log in" }).click();
  // Back on the page, logged in: the new link is one tap away.
  await expect(page).toHaveURL(/\/activate\/error$/);
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(page.getByRole("status").filter({ hasText: `We sent a new link to ${other}.` })).toBeVisible();
  const fresh = await readMailLink(other);
  await page.goto(fresh);
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await context.close();
});

test("the edited profile shows on the public profile page", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = uniqueEmail("editor");
  await signUp(page, { email, name: "Before Edit", gender: "male" });

  // Without a main photo the §2 profile-photo alert shows in the members area, not on /profile.
  await page.goto("/members");
  await expect(page.getByRole("status").filter({ hasText: "Add a profile photo" })).toBeVisible();
  await page.goto("/profile");
  const form = page.getByRole("form", { name: "Edit profile" });
  await expect(form.getByLabel("Name")).toHaveValue("Before Edit");
  await expect(page.getByText("Add a profile photo")).toHaveCount(0);

  await form.getByLabel("Name").fill("After Edit");
  await form.getByLabel("About me").fill("Hiking on Sundays, jazz on Fridays.");
  await form.getByLabel("Province").selectOption("Utrecht");
  await form.getByLabel("City").fill("Amersfoort");
  await form.getByLabel("Relationship status").selectOption("single");
  await form.getByLabel("Hair color").selectOption("dark brown");
  await form.getByLabel("Music").check();
  await form.getByLabel("Hiking").check();
  await form.getByLabel("I am looking for").selectOption("male");
  // The date of birth given at signup (support.ts: 3 April 1992), in its three parts; a new year.
  const dob = form.getByRole("group", { name: "Date of birth" });
  await expect(dob.getByLabel("Day")).toHaveValue("3");
  await expect(dob.getByLabel("Month")).toHaveValue("4");
  await expect(dob.getByLabel("Year")).toHaveValue("1992");
  await dob.getByLabel("Year").fill("1990");
  await form.getByRole("button", { name: "Save profile" }).click();
  // The outcome shows where the member pressed the button, not at the form's top far above.
  await expect(page.getByRole("status").filter({ hasText: "Your profile is saved." })).toBeInViewport();
  await page.reload();
  await expect(dob.getByLabel("Year")).toHaveValue("1990");
  await expect(dob.getByLabel("Month")).toHaveValue("4");

  await page.getByRole("link", { name: "View my public profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /After Edit/ })).toBeVisible();
  await expect(page.getByText("Hiking on Sundays, jazz on Fridays.")).toBeVisible();
  await expect(page.getByText("Single", { exact: true })).toBeVisible();
  await expect(page.getByText("Dark brown", { exact: true })).toBeVisible();
  await expect(page.getByText(/Amersfoort/).first()).toBeVisible();

  // The member search opens on whom the member looks for (a man looking for men: Men).
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Search members" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Gender" })).toHaveValue("male");
  await context.close();
});

test("the account screens have no axe violations (WCAG 2.2 AA and best practices), phone and desktop", async ({
  browser,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    const context = await browser.newContext({ locale: "en-GB", viewport });
    const page = await context.newPage();
    const check = async (url: string) => {
      await page.goto(url);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.locator(".spinner-border, [aria-busy='true']")).toHaveCount(0);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      const summary = results.violations.map((v) => `${v.impact ?? "?"} ${v.id}: ${v.help}`);
      expect.soft(summary, `${url} at ${viewport.width}px`).toEqual([]);
    };
    await check("/reset-password");
    await check("/reset-password/do?token=not-a-real-token");
    await signUp(page, { email: uniqueEmail("axe"), name: "Axe Checker", gender: "female" });
    await check("/settings");
    await check("/profile");
    await context.close();
  }
});

test("settings: a wrong old password is shown on its field and goes when the member types again; then the change works", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signUp(page, { email: uniqueEmail("settings"), name: "Pat Settings", gender: "female" });
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Change password" });
  const old = form.getByLabel("Old password");
  await old.fill("not my password");
  await form.getByLabel("New password", { exact: true }).fill("brand new secret 1");
  await form.getByLabel("Repeat the new password").fill("brand new secret 1");
  await form.getByRole("button", { name: "Change password" }).click();
  // §5's message on the field it is about, not in an alert above the form.
  await expect(old).toHaveAccessibleDescription("Please check your old password.");
  await expect(old).toHaveAttribute("aria-invalid", "true");
  await expect(old).toBeFocused(); // so a screen reader reads it, with its message
  await expect(page.getByRole("alert").filter({ hasText: "Please check your old password." })).toHaveCount(0);
  await old.fill("secret-pass-1");
  await expect(form.getByText("Please check your old password.")).toHaveCount(0);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Your password is changed. You were logged out on your other devices." }),
  ).toBeVisible();
  await context.close();
});

test("settings on a phone: another device's Log out button stays on one line, and every card has the same look", async ({
  browser,
}) => {
  const viewport = { width: 390, height: 844 };
  const email = uniqueEmail("sessions");
  const first = await browser.newContext({ viewport });
  await signUp(await first.newPage(), { email, name: "Sam Sessions", gender: "male" });
  // A second device: the same member logs in from another browser.
  const second = await browser.newContext({ viewport });
  const page = await second.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("secret-pass-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/settings");
  const logOut = page.getByRole("button", { name: /^Log out the device logged in since / });
  await expect(logOut).toHaveCount(1);
  const { height, lineHeight } = await logOut.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height, "one line of text and its padding").toBeLessThan(lineHeight * 2);
  // The cards of the page share one style (shadow, no border, the same padding).
  const looks = await page.locator("section[aria-labelledby=settings-title] > .card").evaluateAll((cards) =>
    cards.map((card) => {
      const body = card.querySelector(".card-body")!;
      const s = getComputedStyle(card);
      return `${s.boxShadow} | ${s.borderTopWidth} | ${getComputedStyle(body).paddingLeft}`;
    }),
  );
  expect(looks.length).toBeGreaterThanOrEqual(6);
  expect(new Set(looks).size, looks.join("\n")).toBe(1);
  await first.close();
  await second.close();
});
