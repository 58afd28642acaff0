import { test, expect } from "@playwright/test";
import { confirmedMember, dropSession, logIn, setPasswordThroughMail } from "./support";
import { AxeBuilder } from "@axe-core/playwright";

/**
 * Issue 10, reporting and moderation end to end: a member reports a profile from the profile
 * page; an operator (OPERATOR_EMAILS in playwright.config.ts) sees the report in /ops with the
 * copy of the profile and suspends the account; the suspended member's open tab loses its
 * session and a new login is refused. A member who is not an operator gets the 404 page at /ops.
 */
test("a member reports a profile; an operator sees it in /ops and suspends the account", async ({ browser }) => {
  const target = await confirmedMember(browser, "Spammy", "female");
  const reporter = await confirmedMember(browser, "Rita", "female");
  const operator = await confirmedMember(browser, "Olga", "female", { email: "ops.e2e@example.com" });

  // The reporter opens the profile and reports it with a reason and a text.
  await reporter.page.goto(`/members/${target.id}`);
  await expect(reporter.page.getByRole("heading", { level: 1, name: /Spammy/ })).toBeVisible();
  await reporter.page.getByRole("button", { name: "Report Spammy" }).click();
  const dialog = reporter.page.getByRole("dialog", { name: "Report Spammy" });
  await expect(dialog.getByRole("heading", { level: 2, name: "Report Spammy" })).toBeVisible();
  await dialog.getByLabel("Fake profile").check();
  await dialog.getByLabel("Anything else we should know? (optional)").fill("Her photos are of a model.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Thank you. Our team will look at your report.")).toBeVisible();
  // The form's button is gone; the focus stays in the dialog, on its Close button.
  await expect(dialog.getByRole("button", { name: "Close", exact: true }).last()).toBeFocused();
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();

  // A member who is not an operator does not learn /ops exists.
  await reporter.page.goto("/ops");
  await expect(reporter.page.getByText("This page could not be found")).toBeVisible();

  // The operator role is granted at login (OPERATOR_EMAILS) to a password chosen through a reset
  // link mailed to the address: set one that way, log in again, then open the console.
  await dropSession(operator.page);
  await setPasswordThroughMail(operator.page, operator.email, "operator-pass-2");
  await dropSession(operator.page);
  await logIn(operator.page, operator.email, "operator-pass-2");
  await operator.page.goto("/ops");
  await expect(operator.page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  const report = operator.page.getByTestId("ops-report").filter({ hasText: "Her photos are of a model." });
  await expect(report).toBeVisible();
  await expect(report).toContainText("Fake profile");
  await expect(report).toContainText("Rita");
  await expect(report.getByRole("link", { name: "Spammy" })).toBeVisible();
  // What was reported, as it was: a new profile with nothing in it yet says so (not an empty box).
  await expect(report).toContainText("The profile had no text and no photos when it was reported.");
  await operator.page.screenshot({ path: "test-results/ops-console.png", fullPage: true });
  // The console is a screen too (WCAG 2.2 AA): the a11y suite's tags, on an operator's view.
  const axe = await new AxeBuilder({ page: operator.page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await report.getByRole("button", { name: "Suspend Spammy" }).click();
  const confirm = operator.page.getByRole("dialog", { name: "Suspend Spammy" });
  await confirm.getByLabel("Note (optional, kept in the audit)").fill("fake profile, confirmed");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm).toBeHidden();
  await expect(report).toBeHidden();
  const audit = operator.page.getByTestId("ops-audit-row").filter({ hasText: "fake profile, confirmed" });
  await expect(audit).toContainText("suspended");
  await expect(audit).toContainText("Olga");

  // The suspended member's tab has lost its session: the next page asks for a login, which is refused.
  await target.page.goto("/likes");
  await expect(target.page).toHaveURL(/\/login/);
  await target.page.getByLabel("E-mail").fill(target.email);
  await target.page.getByLabel("Password").fill("secret-pass-1");
  await target.page.getByRole("button", { name: "Log in" }).click();
  await expect(target.page.getByRole("alert")).toContainText("Your account has been suspended.");

  // And the reporter no longer finds the profile.
  await reporter.page.goto(`/members/${target.id}`);
  await expect(reporter.page.getByRole("heading", { level: 1, name: /Spammy/ })).toHaveCount(0);

  for (const c of [target.context, reporter.context, operator.context]) await c.close();
});
