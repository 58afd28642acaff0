import { expect, test } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { logIn, readMailLink, signUp, uniqueEmail } from "./support";

/**
 * Issue 11, public face: the static pages with the company's details (§3 company info), the
 * support phone as a tel: link without dashes or spaces (§9) and the terms version date (§9); a
 * `{token}` page (§2 /pages/{token}); the match finder (§2) and the swipe game played with the
 * keyboard up to the free member's daily limit (§8, §9: 4 likes a day).
 */

test("the static pages show the company's details and a tel: link without dashes or spaces", async ({ page }) => {
  await page.goto("/service");
  await expect(page.getByRole("heading", { level: 1, name: "Customer service" })).toBeVisible();
  const company = page.getByTestId("company-details");
  await expect(company).toContainText("Amora Demo B.V.");
  await expect(company).toContainText("Demostraat 1");
  await expect(company).toContainText("Amsterdam, Netherlands");
  await expect(company).toContainText("NL000000000B01");
  // §9: the phone is shown as written and dialled cleaned of dashes and spaces.
  const phone = page.getByRole("link", { name: "+31 20-000 0000" });
  await expect(phone).toHaveAttribute("href", "tel:+31200000000");
  await expect(page.getByRole("link", { name: "support@localhost" })).toHaveAttribute(
    "href",
    "mailto:support@localhost",
  );
  for (const href of await page.locator('a[href^="tel:"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect(href).not.toMatch(/[\s-]/);
  }

  // §9 terms version date: 2023-12-01 12:00 UTC (the demo company was added then).
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeVisible();
  await expect(page.getByTestId("terms-version")).toHaveText("Version of December 1, 2023");
  await expect(page.getByRole("heading", { level: 2, name: "Who we are" })).toBeVisible();
  await expect(page.getByTestId("company-details")).toContainText("Amora Demo B.V.");

  // The same pages under /pages/{page}, and a page of the site's own under /pages/{token}.
  await page.goto("/pages/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  await page.goto("/pages/about");
  await expect(page.getByRole("heading", { level: 1, name: "About us" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What we offer" })).toBeVisible();
  await expect(page.getByTestId("company-details")).toContainText("Amora Demo B.V.");
  await page.goto("/pages/no-such-page");
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
});

test("the match finder shows the members who fit the chosen preferences", async ({ page }) => {
  await logIn(page, "demo@amora.test", "demo12345");
  await page.goto("/match-finder");
  await expect(page.getByRole("heading", { level: 1, name: "Match finder" })).toBeVisible();
  const form = page.getByRole("form", { name: "Your preferences" });
  await form.getByRole("group", { name: "I am looking for" }).getByText("Everyone").click();
  await form.getByRole("group", { name: "Aged" }).getByText("Any age").click();
  await form.getByLabel("Living in").selectOption({ label: "Netherlands" });
  await form.getByRole("button", { name: "Find matches" }).click();
  await expect(page).toHaveURL(/gender=any/);
  await expect(page).toHaveURL(/country=NL/);
  const results = page.getByRole("list", { name: "Matches" });
  await expect(results.getByRole("listitem").first()).toBeVisible();
  // Every card is someone in the Netherlands.
  const places = await results.getByRole("listitem").allInnerTexts();
  for (const text of places) expect(text).toContain("Netherlands");
});

test("the swipe game by keyboard likes members and shows the §8 daily-limit text when the likes run out", async ({
  page,
}) => {
  // A fresh free member (confirmed: only confirmed members may like, §1).
  const email = uniqueEmail("swiper");
  await signUp(page, { email, name: "Sid Swiper", gender: "male" });
  await page.goto(await readMailLink(email));
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();

  await page.goto("/swipe-game");
  await expect(page.getByRole("heading", { level: 1, name: "Swipe game" })).toBeVisible();
  await expect(page.getByTestId("likes-left")).toHaveText("4 likes left today");
  const card = page.getByTestId("swipe-card");
  const nameOnCard = async () => (await card.getByRole("heading", { level: 2 }).innerText()).split(",")[0]!.trim();

  // → likes the member on the card.
  const first = await nameOnCard();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("likes-left")).toHaveText("3 likes left today");
  await expect(page.getByText(`You liked ${first}.`)).toBeAttached();

  // ← passes: no like is spent.
  const second = await nameOnCard();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText(`You passed on ${second}.`)).toBeAttached();
  await expect(page.getByTestId("likes-left")).toHaveText("3 likes left today");

  // A pointer swipe to the left passes too: the card follows the pointer and flies out.
  const third = await nameOnCard();
  const thirdHref = await card.getByRole("link").first().getAttribute("href");
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 220, box.y + box.height / 3, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText(`You passed on ${third}.`)).toBeAttached();
  await expect(card.getByRole("link").first()).not.toHaveAttribute("href", thirdHref!);
  await expect(page.getByTestId("likes-left")).toHaveText("3 likes left today");

  // The "Like" button, reached and pressed with the keyboard, for the other three.
  const like = page.getByRole("button", { name: "Like", exact: true });
  await expect(page.getByRole("button", { name: "Pass", exact: true })).toBeVisible();
  for (const left of ["2 likes left today", "1 like left today"]) {
    await expect(like).toBeEnabled();
    await like.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("likes-left")).toHaveText(left);
  }
  await expect(like).toBeEnabled();
  await like.focus();
  await page.keyboard.press("Enter");

  // The fourth like was the last of the day: the §8 text with the time left, and no card.
  const limit = page.getByTestId("swipe-limit");
  await expect(limit).toContainText(
    "You have no Swipes and Likes left for today. Tomorrow you can have another go! Please wait:",
  );
  await expect(limit).toContainText(/\d{2}:\d{2}:\d{2}/);
  await expect(card).toHaveCount(0);
  await expect(like).toHaveCount(0);
  // A profile says so as it opens (§8, with the time left), its Like disabled, as the game does.
  await page.goto(thirdHref!);
  await expect(page.getByRole("status").filter({ hasText: "You can give out 4 Likes per day." })).toContainText(
    /\d{2}:\d{2}:\d{2}/,
  );
  await expect(page.getByRole("button", { name: "Like", exact: true })).toBeDisabled();
  await page.goBack();
  await expect(limit).toContainText(/\d{2}:\d{2}:\d{2}/);
  // The limit screen passes axe as the other screens do (tests/e2e/a11y.spec.ts).
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // The server keeps the count: a reload still shows the limit.
  await page.reload();
  await expect(page.getByTestId("swipe-limit")).toContainText("You have no Swipes and Likes left for today.");
  // The likes went through the likes procedure: they are on the sent likes list.
  await page.goto("/likes/sent");
  await expect(page.getByText(first).first()).toBeVisible();
});
