import { test, expect, type Browser, type Page } from "@playwright/test";
import { confirmedMember, gotoLive, liveStreamStarted, logIn, readMailLink, signUp, uniqueEmail } from "./support";

/**
 * The site's main job end to end (issue: main job): two new members sign up and confirm by the
 * mailed link, find each other in search, like each other and see the match, chat both ways live
 * with badges and the title changing, use up the free-message allowance and meet the
 * not-enough-credits popup.
 */
async function newMember(browser: Browser, name: string, gender: "female" | "male") {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = uniqueEmail(name.toLowerCase());
  await signUp(page, { email, name, gender });
  // Until confirmed, the activation reminder shows (§2).
  await expect(page.getByText(/Please confirm your e-mail address/)).toBeVisible();
  const link = await readMailLink(email);
  // Online from the confirmed login on: the tab's live stream starts (awaited below).
  const live = liveStreamStarted(page);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await page.getByRole("link", { name: "Search members" }).click();
  await expect(page).toHaveURL(/\/members/);
  await live;
  return { page, email, name };
}

/** Open a profile from the search results: the card named `name`, or the first card. */
async function openProfileFromSearch(page: Page, name?: string) {
  await gotoLive(page, "/members");
  const results = page.getByRole("list", { name: "Search results" });
  const card = (name ? results.getByRole("link", { name: new RegExp(name) }) : results.getByRole("link")).first();
  await expect(card).toBeVisible();
  const cardName = (await card.textContent())?.split(",")[0]?.trim() ?? "";
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(cardName) })).toBeVisible();
}

test("two new members find each other, match and chat live, paying with their free messages", async ({ browser }) => {
  const alice = await newMember(browser, "Alice", "female");
  const bob = await newMember(browser, "Bob", "male");

  // Bob finds Alice (the newest active woman) in search and likes her.
  await openProfileFromSearch(bob.page, "Alice");
  await bob.page.getByRole("button", { name: "Like" }).click();
  await expect(bob.page.getByRole("button", { name: "Unlike" })).toBeVisible();

  // Alice sees the new like live: the Likes badge and the page title.
  const aliceNav = alice.page.getByRole("navigation").first();
  await expect(aliceNav.getByRole("link", { name: /Likes\s*1/ })).toBeVisible();
  await expect(alice.page).toHaveTitle(/^\(1\)/);
  // The §2 'new like' modal shows the like live too; Alice closes it.
  const newLike = alice.page.getByRole("dialog", { name: "New like!" });
  await expect(newLike).toBeVisible();
  await newLike.getByRole("button", { name: "Close" }).click();
  await expect(newLike).toHaveCount(0);

  // Alice opens her received likes, then Bob's profile, and likes him back: a match for both.
  await alice.page.getByRole("link", { name: /Likes/ }).first().click();
  await alice.page.getByRole("link", { name: /Bob/ }).first().click();
  await expect(alice.page.getByRole("heading", { name: /Bob/ })).toBeVisible();
  await alice.page.getByRole("button", { name: "Like" }).click();
  const aliceMatch = alice.page.getByRole("dialog", { name: "It's a match!" });
  const bobMatch = bob.page.getByRole("dialog", { name: "It's a match!" });
  await expect(aliceMatch).toBeVisible();
  await expect(bobMatch).toBeVisible();
  await bobMatch.getByRole("button", { name: "Close" }).click();

  // Alice writes from the match modal; Bob's Messages badge and title count it, live.
  await aliceMatch.getByRole("button", { name: "Send a message" }).click();
  await expect(alice.page).toHaveURL(/\/members\/\d+\/chat/);
  await expect(alice.page.getByText("3 free messages left")).toBeVisible();
  await alice.page.getByLabel("Your message").fill("Hi Bob!");
  // The counter reads as words to assistive technology, as digits on screen.
  await expect(alice.page.getByText(/^Characters: 7 of \d+$/)).toHaveCount(1);
  await expect(alice.page.getByText(/^7\/\d+$/)).toHaveAttribute("aria-hidden", "true");
  await alice.page.getByRole("button", { name: "Send" }).click();
  await expect(alice.page.getByRole("log").getByText("Hi Bob!")).toBeVisible();
  const bobNav = bob.page.getByRole("navigation").first();
  await expect(bobNav.getByRole("link", { name: /Messages\s*1/ })).toBeVisible();
  // The title shows unread messages plus new likes: Alice's like (still new for Bob) and her message.
  await expect(bob.page).toHaveTitle(/^\(2\)/);
  // The badges are said aloud, in the singular for one of each.
  await expect(bob.page.locator("[aria-live=polite]").filter({ hasText: "1 unread message, 1 new like" })).toHaveCount(
    1,
  );

  // Bob opens the chat (unread goes to zero) and replies; Alice sees it without reloading.
  await bobNav.getByRole("link", { name: /Messages/ }).click();
  // On the conversations list (the search page he leaves has an "Alice" too).
  await expect(bob.page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await bob.page.getByRole("main").getByRole("link", { name: /Alice/ }).click();
  await expect(bob.page.getByRole("log").getByText("Hi Bob!")).toBeVisible();
  await expect(bob.page).toHaveTitle(/^\(1\)/);
  await expect(bobNav.getByRole("link", { name: /Messages\s*1/ })).toHaveCount(0);
  await bob.page.getByLabel("Your message").pressSequentially("Hello Alice", { delay: 20 });
  await expect(alice.page.getByText("Bob is typing…")).toBeVisible();
  await bob.page.getByRole("button", { name: "Send" }).click();
  await expect(alice.page.getByRole("log").getByText("Hello Alice")).toBeVisible();

  // Alice uses up her free messages (the last one counted in the singular); the fourth meets the
  // not-enough-credits popup, unsent.
  for (const [text, left] of [
    ["How are you?", "1 free message left"],
    ["Coffee this week?", null],
  ] as const) {
    await alice.page.getByLabel("Your message").fill(text);
    await alice.page.getByRole("button", { name: "Send" }).click();
    await expect(alice.page.getByRole("log").getByText(text)).toBeVisible();
    if (left) await expect(alice.page.getByText(left, { exact: true })).toBeVisible();
  }
  await expect(alice.page.getByText("10 credits per message")).toBeVisible();
  await alice.page.getByLabel("Your message").fill("One more?");
  await alice.page.getByRole("button", { name: "Send" }).click();
  const popup = alice.page.getByRole("dialog", { name: "Not enough credits" });
  await expect(popup).toBeVisible();
  await expect(alice.page.getByRole("log").getByText("One more?")).toHaveCount(0);
  await popup.getByRole("button", { name: "Not now" }).click();
  await expect(alice.page.getByLabel("Your message")).toHaveValue("One more?");
  // The focus is back in the box that holds the unsent text.
  await expect(alice.page.getByLabel("Your message")).toBeFocused();
  await expect(bob.page.getByRole("log").getByText("Coffee this week?")).toBeVisible();
  await expect(bob.page.getByRole("log").getByText("One more?")).toHaveCount(0);
});

test("a member with credits sees the balance fall by message_credits per message, in every tab", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, "demo@amora.test", "demo12345");
  const balance = page.locator(".credits-balance");
  const before = Number((await balance.textContent())?.match(/\d+/)?.[0]);
  expect(before).toBeGreaterThanOrEqual(70);
  // A second tab of the same member, live: it learns the balance from the messages' live events.
  const otherTab = await context.newPage();
  await gotoLive(otherTab, "/likes");
  const otherBalance = otherTab.locator(".credits-balance");
  await expect(otherBalance).toHaveText(`${before} credits`);

  await openProfileFromSearch(page);
  await page.getByRole("link", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await page.getByLabel("Your message").fill("Hello from the demo account");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(balance).toHaveText(`${before - 10} credits`);
  await page.getByLabel("Your message").fill("And a second message");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(balance).toHaveText(`${before - 20} credits`);
  await expect(otherBalance).toHaveText(`${before - 20} credits`);

  // A double tap on a gift is one gift (§3 gift_credits, 50), not two.
  await page.getByRole("button", { name: "Give a gift" }).click();
  const picker = page.getByRole("dialog", { name: /a gift$/ });
  // Two clicks before the page can redraw the buttons as pending (a quick double tap).
  await picker
    .getByRole("button")
    .filter({ hasText: "Kiss" })
    .evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
  await expect(picker).toHaveCount(0);
  await expect(page.getByRole("log").getByText("You sent a gift: Kiss")).toHaveCount(1);
  await expect(balance).toHaveText(`${before - 70} credits`);
  await expect(otherBalance).toHaveText(`${before - 70} credits`);
  await page.reload();
  await expect(page.getByRole("log").getByText("You sent a gift: Kiss")).toHaveCount(1);
});

test("a free member who started the §9 number of conversations is told so as a new chat opens, not after writing", async ({
  browser,
}) => {
  const { context, page } = await confirmedMember(browser, "Fay", "female");
  await gotoLive(page, "/members");
  const cards = page.getByRole("list", { name: "Search results" }).getByRole("link");
  await expect(cards.first()).toBeVisible();
  const hrefs = [...new Set(await cards.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "")))]
    .filter((h) => /^\/members\/\d+$/.test(h))
    .slice(0, 3);
  expect(hrefs).toHaveLength(3);
  for (const href of hrefs.slice(0, 2)) {
    await page.goto(`${href}/chat`);
    await page.getByLabel("Your message").fill("Hello there!");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("log").getByText("Hello there!")).toBeVisible();
  }
  await page.goto(`${hrefs[2]}/chat`);
  await expect(
    page.getByRole("status").filter({ hasText: "Free members may start 2 conversations. Get Premium to start more." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Premium" }).last()).toHaveAttribute("href", "/credits");
  await expect(page.getByLabel("Your message")).toHaveCount(0);
  // A conversation already begun goes on as before.
  await page.goto(`${hrefs[0]}/chat`);
  await expect(page.getByLabel("Your message")).toBeVisible();
  await context.close();
});

test("a message that comes in while the open chat's tab is in the background is read once the tab is shown again", async ({
  browser,
}) => {
  const writer = await confirmedMember(browser, "Wendy", "female");
  const reader = await confirmedMember(browser, "Ron", "male");
  await gotoLive(writer.page, `/members/${reader.id}/chat`);
  await writer.page.getByLabel("Your message").fill("First one");
  await writer.page.getByRole("button", { name: "Send" }).click();
  await expect(writer.page.getByRole("log").getByText("First one")).toBeVisible();

  await gotoLive(reader.page, `/members/${writer.id}/chat`);
  await expect(reader.page.getByRole("log").getByText("First one")).toBeVisible();
  const readerNav = reader.page.getByRole("navigation").first();
  await expect(readerNav.getByRole("link", { name: /Messages\s*1/ })).toHaveCount(0);

  // The reader's tab goes to the background (another tab, a locked phone); a message comes in.
  const setVisibility = (state: "hidden" | "visible") =>
    reader.page.evaluate((s) => {
      Object.defineProperty(document, "visibilityState", { value: s, configurable: true });
      Object.defineProperty(document, "hidden", { value: s === "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }, state);
  await setVisibility("hidden");
  await writer.page.getByLabel("Your message").fill("Are you there?");
  await writer.page.getByRole("button", { name: "Send" }).click();
  await expect(reader.page.getByRole("log").getByText("Are you there?")).toBeVisible();
  await expect(readerNav.getByRole("link", { name: /Messages\s*1/ })).toBeVisible();

  // Shown again, the open chat reads it: the badge goes, and the writer sees it seen.
  await setVisibility("visible");
  await expect(readerNav.getByRole("link", { name: /Messages\s*1/ })).toHaveCount(0);
  await expect(reader.page).not.toHaveTitle(/^\(\d+\)/);
  await writer.context.close();
  await reader.context.close();
});
