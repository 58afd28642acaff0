import { test, expect, type Page } from "@playwright/test";
import { logIn, seededMemberWhere } from "./support";

/**
 * WCAG 2.4.3 (focus order): a button pressed from the keyboard keeps the focus while its action
 * runs and after it, so a keyboard or screen-reader user goes on from where they were instead of
 * from the top of the page (a disabled button drops the focus to the page's body).
 */

/** A seeded member whose likes.status (as the profile page reads it) fits `want`. */
async function memberWhere(page: Page, want: (s: { liked: boolean; likedMe: boolean }) => boolean): Promise<number> {
  return (await seededMemberWhere(page, "likes.status", want)).id;
}

test("Like and Unlike pressed with Enter keep the focus on the button", async ({ page }) => {
  await logIn(page, "demo@amora.test", "demo12345");
  await page.goto(`/members/${await memberWhere(page, (s) => !s.liked && !s.likedMe)}`);
  const button = page.getByRole("button", { name: /^(♡ )?Like$|^(♥ )?Unlike$/ });
  await expect(button).toBeEnabled(); // once the like status has loaded
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveText(/Unlike$/);
  await expect(button).toBeFocused();
  await expect(button).toBeEnabled();
  await page.keyboard.press("Enter");
  await expect(button).toHaveText(/Like$/);
  await expect(button).not.toHaveText(/Unlike/);
  await expect(button).toBeFocused();
});

test("a like that makes a match: closing the match's dialog gives the focus back to the button", async ({ page }) => {
  await logIn(page, "demo@amora.test", "demo12345");
  await page.goto(`/members/${await memberWhere(page, (s) => !s.liked && s.likedMe)}`);
  const button = page.getByRole("button", { name: /^(♡ )?Like$/ });
  await expect(button).toBeEnabled();
  await button.focus();
  await page.keyboard.press("Enter");
  const match = page.getByRole("dialog", { name: "It's a match!" });
  await expect(match).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(match).toBeHidden();
  await expect(page.getByRole("button", { name: /Unlike$/ })).toBeFocused();
});

test("Save profile pressed with Enter keeps the focus on the button, beside its saved message", async ({ page }) => {
  await logIn(page, "free@amora.test", "demo12345");
  await page.goto("/profile");
  const save = page.getByRole("button", { name: "Save profile" });
  await save.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Your profile is saved." })).toBeVisible();
  await expect(save).toBeFocused();
});
