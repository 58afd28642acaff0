import { expect, test, type Browser } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import crypto from "node:crypto";
import { confirmedMember, logIn, signUp, trpcCall, uniqueEmail } from "./support";

/**
 * UX review on a phone (390×844, touch) and a laptop (1366×900): the chat's message box grows with
 * what is typed, so a paid message can be read before it is sent, and shrinks back once sent; the
 * chat times are readable (4.5:1); the swipe game's Pass/Like fit the window, and a refused like
 * (an unconfirmed e-mail address) is told where the member is looking, next to the button.
 * Removing a chat from /chats asks first (review #1); the chat's Report, Block and settings are
 * words in a "More actions" menu on a phone (review #15), and the message box stays low (#4).
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

  // Enter sends (the send_with_enter setting); the box is one line again. On a phone the setting
  // is shown from the header's menu.
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("button", { name: "Chat settings" }).click();
  const sendWithEnter = page.getByLabel("Send with Enter");
  await expect(sendWithEnter).toBeFocused();
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

test("on a phone, removing a chat asks first: Cancel keeps it, Remove takes it off the list until the next message", async ({
  browser,
}) => {
  const me = await confirmedMember(browser, "Rosalind", "female", { viewport: phone.viewport });
  const [first, second] = [
    await confirmedMember(browser, "Casimir", "male"),
    await confirmedMember(browser, "Leopold", "male"),
  ];
  for (const writer of [first, second]) {
    await trpcCall(
      writer.page,
      "chats.send",
      { toProfileId: me.id, clientId: crypto.randomUUID(), body: `Hello from ${writer.name}` },
      "POST",
    );
  }
  const page = me.page;
  await page.goto("/chats");
  const row = (name: string) => page.getByRole("link", { name: new RegExp(`^${name}`) });
  // Newest first: Leopold, then Casimir.
  await expect(row("Leopold")).toBeVisible();
  await expect(row("Casimir")).toBeVisible();

  // One tap on the ✕ only asks; Cancel keeps the chat and gives the focus back to the ✕.
  const removeLeopold = page.getByRole("button", { name: "Remove the chat with Leopold" });
  await removeLeopold.click();
  const dialog = page.getByRole("dialog", { name: "Remove the chat with Leopold?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("the chat comes back as soon as one of you writes again");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row("Leopold")).toBeVisible();
  await expect(removeLeopold).toBeFocused();

  // Remove takes it off the list; the focus goes to the next chat's link, not to its ✕.
  await removeLeopold.click();
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(row("Leopold")).toHaveCount(0);
  await expect(row("Casimir")).toBeFocused();
  await page.reload();
  await expect(row("Casimir")).toBeVisible();
  await expect(row("Leopold")).toHaveCount(0);

  // As the dialog said: Leopold writes again and the chat is back.
  await trpcCall(
    second.page,
    "chats.send",
    { toProfileId: me.id, clientId: crypto.randomUUID(), body: "Still there?" },
    "POST",
  );
  await page.reload();
  await expect(row("Leopold")).toBeVisible();
  await Promise.all([me.context.close(), first.context.close(), second.context.close()]);
});

test("on a phone, a chat's Report, Block and settings are words in its More actions menu, and the message box is low", async ({
  browser,
}) => {
  const other = await confirmedMember(browser, "Ottilie", "female");
  const me = await confirmedMember(browser, "Gustav", "male", { viewport: { width: 390, height: 500 } });
  const page = me.page;
  await page.goto(`/members/${other.id}/chat`);
  await page.getByLabel("Your message").fill("Hello Ottilie!");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("log").getByText("Hello Ottilie!")).toBeVisible();

  // No unexplained icons: one "More actions" button, whose menu names each action in words.
  await expect(page.getByRole("button", { name: /^Report/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Block/ })).toHaveCount(0);
  const more = page.getByRole("button", { name: "More actions" });
  await more.click();
  await expect(page.getByRole("button", { name: "Report this chat with Ottilie" })).toHaveText("Report");
  await expect(page.getByRole("button", { name: "Block Ottilie" })).toHaveText("Block");
  await page.getByRole("button", { name: "Report this chat with Ottilie" }).click();
  const report = page.getByRole("dialog", { name: "Report Ottilie" });
  await expect(report).toBeVisible();
  await report.getByRole("button", { name: "Cancel" }).click();
  await expect(report).toBeHidden();
  await more.click();
  await page.getByRole("button", { name: "Block Ottilie" }).click();
  const block = page.getByRole("dialog", { name: "Block Ottilie?" });
  await expect(block).toBeVisible();
  await block.getByRole("button", { name: "Cancel" }).click();
  await expect(block).toBeHidden();

  // With the keyboard open (a 500 px high window), the footer is the label line and the box:
  // the switches wait in the menu, and the conversation keeps most of the room.
  await expect(page.getByLabel("Send with Enter")).toBeHidden();
  await expect(page.getByText(/free messages? left/)).toBeVisible();
  const footer = (await page.locator("footer.chat-footer").boundingBox())!;
  expect(footer.height).toBeLessThan(100);
  await Promise.all([me.context.close(), other.context.close()]);
});
