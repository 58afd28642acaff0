import { expect, test, type Browser } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { logIn, signUp, uniqueEmail } from "./support";

/**
 * UX review on a phone (390×844, touch) and a laptop (1366×900): the chat's message box grows with
 * what is typed, so a paid message can be read before it is sent, and shrinks back once sent; the
 * chat times are readable (4.5:1); the swipe game's Pass/Like fit the window, and a refused like
 * (an unconfirmed e-mail address) is told where the member is looking, next to the button.
 */
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const laptop = { viewport: { width: 1366, height: 900 } };

/** A demo account (README) logged in on the device: demo@ (premium, credits) or free@. */
async function demoOn(browser: Browser, device: typeof phone | typeof laptop, email = "demo@amora.test") {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  await logIn(page, email, "demo12345");
  return { context, page };
}

test("on a phone the message box grows with a long message, scrolls past 6 lines and is one line again once sent with Enter", async ({
  browser,
}) => {
  const { context, page } = await demoOn(browser, phone);
  const results = page.getByRole("list", { name: "Search results" });
  await results.getByRole("link").first().click();
  await page.getByRole("link", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/chat$/);

  const box = page.getByLabel("Your message");
  await expect(box).toBeVisible();
  const oneLine = (await box.boundingBox())!.height;
  const lineHeight = await box.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));

  // An icebreaker-sized message (about 4 lines here) shows in full: nothing is cut off.
  const message =
    "Hi! I just read your profile and loved the part about hiking. Which trail did you take, and would you go again?";
  await box.fill(message);
  await expect.poll(async () => (await box.boundingBox())!.height).toBeGreaterThan(oneLine + 2 * lineHeight);
  expect(await box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);

  // A very long one stops growing at about 6 lines and scrolls inside the box.
  await box.fill(`${message} `.repeat(6));
  await expect.poll(async () => box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  const tallest = (await box.boundingBox())!.height;
  expect(tallest).toBeGreaterThan(oneLine + 4 * lineHeight);
  expect(tallest).toBeLessThanOrEqual(oneLine + 5 * lineHeight + 2);
  // The buttons beside it stay on the screen.
  await expect(page.getByRole("button", { name: "Send" })).toBeInViewport({ ratio: 1 });

  // Enter sends (the send_with_enter setting); the box is one line again.
  const sendWithEnter = page.getByLabel("Send with Enter");
  if (!(await sendWithEnter.isChecked())) await sendWithEnter.check();
  await box.fill(message);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect.poll(async () => (await box.boundingBox())!.height).toBe(oneLine);
  const log = page.getByRole("log");
  await expect(log.getByText(message)).toBeVisible();

  // The bubble's time is readable: axe's colour-contrast rule on the messages.
  await expect(log.locator("time").last()).toBeVisible();
  const axe = await new AxeBuilder({ page }).include(".chat-messages").withRules(["color-contrast"]).analyze();
  expect(axe.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`))).toEqual([]);
  await context.close();
});

test("on a phone a refused like is told next to the Like button, which keeps the focus", async ({ browser }) => {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  // A new member has not confirmed the e-mail address yet: the server refuses the like.
  await signUp(page, { email: uniqueEmail("unconfirmed.swiper"), name: "Una Confirmed", gender: "female" });
  await page.goto("/swipe-game");
  await expect(page.getByRole("heading", { level: 1, name: "Swipe game" })).toBeVisible();

  const like = page.getByRole("button", { name: "Like", exact: true });
  const refusal = page
    .getByRole("alert")
    .filter({ hasText: "Confirm your e-mail address first: then you can like and write to members." });
  await like.click();
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeInViewport({ ratio: 1 });
  await expect(like).toBeInViewport({ ratio: 1 });
  await expect(like).toBeFocused();

  // A second tap tells it again, still in view; the card stays.
  await like.click();
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("swipe-card")).toBeVisible();

  // A phone is told about swiping, not about arrow keys.
  await expect(page.getByText("Swipe the photo: left to pass, right to like.")).toBeVisible();
  await expect(page.getByText(/arrow keys/)).toBeHidden();
  await context.close();
});

test("the swipe game's card and Pass/Like fit the window on a laptop and a phone", async ({ browser }) => {
  for (const device of [laptop, phone]) {
    // The free member: the page also shows the likes left today above the card.
    const { context, page } = await demoOn(browser, device, "free@amora.test");
    await page.goto("/swipe-game");
    await expect(page.getByTestId("swipe-card")).toBeVisible();
    await expect(page.getByTestId("likes-left")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pass", exact: true })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Like", exact: true })).toBeInViewport({ ratio: 1 });
    if (device === laptop) {
      // With a mouse, the arrow keys are offered.
      await expect(page.getByText("Swipe the photo, or use the arrow keys: ← pass, → like.")).toBeInViewport();
    }
    await context.close();
  }
});
