import { expect, test } from "@playwright/test";
import { dropSession, logIn, readMailLink, readMailLinkTo, signUp, uniqueEmail } from "./support";

/**
 * Issue 9: a member deletes the account (§3 reason, confirmation dialog), is logged out and sees
 * /account-deleted; login offers the reactivation mail (§8); the mailed link brings the account back.
 */
test("delete the account and reactivate it from the mailed link", async ({ page }) => {
  const email = uniqueEmail("leaver");
  await signUp(page, { email, name: "Lena Leaver", gender: "female" });
  await page.goto(await readMailLink(email));
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();

  await page.goto("/settings/delete");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Choose a reason.")).toBeVisible();
  await page.getByLabel("Another reason").check();
  await page.getByLabel("Remarks").fill("Trying the deletion");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
  await expect(page.getByText(/it works for 14 days/)).toBeVisible();
  const firstLink = await readMailLinkTo(email, "/reactivate");

  // Logged out: the member area asks for a login; logging in offers the reactivation mail (§8).
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("secret-pass-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("This account is pending deletion");
  await page.getByRole("button", { name: "E-mail me the reactivation link" }).click();
  await expect(page.getByRole("status")).toContainText("We sent a link to reactivate your account");

  // The mailed link (a new one is mailed at most once a minute) brings the account back, logged in.
  const link = await readMailLinkTo(email, "/reactivate");
  expect(link).toBe(firstLink);
  await page.goto(link);
  // The members area says so, and the parameter that told it leaves the address bar.
  await expect(
    page.getByRole("status").filter({ hasText: "Welcome back! Your account is active again." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/members$/);
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "E-mail notifications" })).toBeVisible();

  // The link is single use.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("Link expired or invalid, request a new email.");

  // And the password works again.
  await dropSession(page);
  await logIn(page, email, "secret-pass-1");
});

test("on a phone the confirmation's two answers stack at full width, in German and Polish", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, "free@amora.test", "demo12345");
  for (const locale of ["de", "pl"]) {
    await context.addCookies([{ name: "locale", value: locale, url: page.url() }]);
    await page.goto("/settings/delete");
    // The first reason, then the form's one button (its name is in the page's language).
    await page.getByRole("radio").first().check();
    await page.getByRole("main").locator("form").getByRole("button").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const [keep, remove] = await dialog.locator(".modal-footer").getByRole("button").all();
    const keepBox = (await keep!.boundingBox())!;
    const removeBox = (await remove!.boundingBox())!;
    // One above the other, of one width and flush with each other: not a ragged, right-aligned pair.
    expect(removeBox.y, locale).toBeGreaterThanOrEqual(keepBox.y + keepBox.height);
    expect(Math.abs(removeBox.width - keepBox.width), locale).toBeLessThanOrEqual(1);
    expect(Math.abs(removeBox.x - keepBox.x), locale).toBeLessThanOrEqual(1);
    await keep!.click();
    await expect(dialog).toHaveCount(0);
  }
});
