import { test, expect, type Browser, type Page } from "@playwright/test";
import { gotoLive, readMailLink, signUp, uniqueEmail } from "./support";

/**
 * Issue 14's screen behaviours, with two members in two browser contexts: the §2 'new like'
 * modal appearing live, /likes/m/{id} opening the match, the icebreaker filling the message box
 * (nothing sent), 'Seen' appearing live and disappearing when either member turns read receipts
 * off, and a forced 403 authentication_required returning to /login with the page to come back to.
 */
test.describe.configure({ mode: "serial" });

interface Member {
  page: Page;
  name: string;
  id: number;
}

/** A new member: signup through the screen, then the mailed confirmation link (as main-job does). */
async function newMember(browser: Browser, name: string, gender: "female" | "male"): Promise<Member> {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  await signUp(page, { email, name, gender, country: "BE" });
  await page.goto(await readMailLink(email));
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  const id = await page.evaluate(async () => {
    const answer = (await (await fetch("/trpc/accounts.me")).json()) as { result: { data: { id: number } } };
    return answer.result.data.id;
  });
  return { page, name, id };
}

let ada: Member;
let ben: Member;

// Two new members of this file only: other specs' likes, chats and blocks between the seeded
// demo accounts cannot get in the way.
const suffix = Date.now().toString(36).slice(-5);
test.beforeAll(async ({ browser }) => {
  ada = await newMember(browser, `Ada ${suffix}`, "female");
  ben = await newMember(browser, `Ben ${suffix}`, "male");
});
test.afterAll(async () => {
  await ada?.page.context().close();
  await ben?.page.context().close();
});

test("a like received while online shows the 'new like' modal live; its button likes back", async () => {
  // Ada is online: her tab's live stream has started before Ben likes her.
  await gotoLive(ada.page, "/members");
  await ben.page.goto(`/members/${ada.id}`);
  await ben.page.getByRole("button", { name: "Like" }).click();
  await expect(ben.page.getByRole("button", { name: "Unlike" })).toBeVisible();

  // In Ada's browser, without reloading.
  const modal = ada.page.getByRole("dialog", { name: "New like!" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(`${ben.name} likes you.`)).toBeVisible();
  // The photo raises the image event: Ada lands on Ben's profile, the modal closed.
  await modal.getByRole("button", { name: `Open ${ben.name}'s profile` }).click();
  await expect(modal).toHaveCount(0);
  await expect(ada.page).toHaveURL(new RegExp(`/members/${ben.id}$`));
  await expect(ada.page.getByRole("heading", { level: 1, name: new RegExp(ben.name) })).toBeVisible();

  // Ben unlikes and likes again: a second new-like modal, whose button likes back (a match).
  await ben.page.getByRole("button", { name: "Unlike" }).click();
  await ben.page.getByRole("button", { name: "Like" }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Like back" }).click();
  await expect(ada.page.getByRole("dialog", { name: "It's a match!" })).toBeVisible();
  await expect(ben.page.getByRole("dialog", { name: "It's a match!" })).toBeVisible();
  await ada.page.getByRole("dialog", { name: "It's a match!" }).getByRole("button", { name: "Close" }).click();
  await ben.page.getByRole("dialog", { name: "It's a match!" }).getByRole("button", { name: "Close" }).click();
});

test("/likes/m/{id} opens the match with that member", async () => {
  await ben.page.goto(`/likes/m/${ada.id}`);
  const match = ben.page.getByRole("dialog", { name: "It's a match!" });
  await expect(match).toBeVisible();
  await expect(match.getByText(`You and ${ada.name} like each other.`)).toBeVisible();
  await match.getByRole("button", { name: "Send a message" }).click();
  await expect(ben.page).toHaveURL(new RegExp(`/members/${ada.id}/chat$`));

  // Someone who is not a match: the page says so instead of a modal.
  await ben.page.goto(`/likes/m/${ben.id}`);
  await expect(ben.page.getByText("You have no match with this member (yet).")).toBeVisible();
  await expect(ben.page.getByRole("dialog")).toHaveCount(0);
});

test("the icebreaker fills the message box of an empty conversation, sending nothing", async () => {
  await ben.page.goto(`/members/${ada.id}/chat`);
  const freeLeft = ben.page.getByText(/free messages left/);
  await expect(freeLeft).toBeVisible();
  const before = await freeLeft.textContent();
  // Closed without a pick (Escape), the dialog leaves the focus in the message box, not on the page.
  await ben.page.getByRole("button", { name: "Need an icebreaker?" }).click();
  const dialog = ben.page.getByRole("dialog", { name: "Break the ice" });
  await expect(dialog).toBeVisible();
  await ben.page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(ben.page.getByLabel("Your message")).toBeFocused();
  await ben.page.getByRole("button", { name: "Need an icebreaker?" }).click();
  await expect(dialog).toBeVisible();
  const opener = dialog.getByRole("button", { name: /coffee or tea/ });
  const text = (await opener.textContent())!;
  await opener.click();
  await expect(dialog).toHaveCount(0);
  await expect(ben.page.getByLabel("Your message")).toHaveValue(text);
  await expect(ben.page.getByLabel("Your message")).toBeFocused();
  // Nothing was sent or charged.
  await expect(ben.page.getByRole("log").getByRole("listitem")).toHaveCount(0);
  await expect(freeLeft).toHaveText(before!);
});

test("'Seen' appears live and disappears when either member turns read receipts off", async () => {
  await ben.page.goto(`/members/${ada.id}/chat`);
  await ben.page.getByLabel("Your message").fill("Hello Ada, nice to match!");
  await ben.page.getByRole("button", { name: "Send" }).click();
  const benLog = ben.page.getByRole("log");
  await expect(benLog.getByText("Hello Ada, nice to match!")).toBeVisible();
  const seen = benLog.getByText("Seen", { exact: true });
  await expect(seen).toHaveCount(0);

  // Ada opens the conversation: Ben sees 'Seen' without reloading.
  await ada.page.goto(`/members/${ben.id}/chat`);
  await expect(ada.page.getByRole("log").getByText("Hello Ada, nice to match!")).toBeVisible();
  await expect(seen).toBeVisible();

  // Ada turns read receipts off: gone for Ben, live.
  const adaSwitch = ada.page.getByLabel("Read receipts");
  await expect(adaSwitch).toBeChecked();
  await adaSwitch.click();
  await expect(adaSwitch).not.toBeChecked();
  await expect(seen).toHaveCount(0);
  await adaSwitch.click();
  await expect(adaSwitch).toBeChecked();
  await expect(seen).toBeVisible();

  // Ben turns his off: he no longer sees hers either (reciprocal); back on, it returns.
  const benSwitch = ben.page.getByLabel("Read receipts");
  await benSwitch.click();
  await expect(benSwitch).not.toBeChecked();
  await expect(seen).toHaveCount(0);
  await benSwitch.click();
  await expect(benSwitch).toBeChecked();
  await expect(seen).toBeVisible();
});

test("a screen's code missing after a deploy reloads the page once, then shows the error page", async () => {
  const page = ben.page;
  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The likes screen's chunk is gone (an old build's file name after a deploy).
  await page.route(/\/assets\/likes-page-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
  let loads = 0;
  page.on("load", () => (loads += 1));
  await page.getByRole("navigation").first().getByRole("link", { name: /Likes/ }).click();
  // One reload at the new address; the chunk is still missing, so within the guard the error shows.
  await expect(page.getByRole("heading", { name: "An error has occurred" })).toBeVisible();
  await expect(page).toHaveURL(/\/likes/);
  expect(loads).toBe(1);
  // The deploy's files are there again: the screen loads.
  await page.unroute(/\/assets\/likes-page-[^/]*\.js$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Likes" })).toBeVisible();
});

test("a hidden tab sends the page-hidden beacon (§7)", async () => {
  const page = ben.page;
  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/page-hidden.php") && r.method() === "POST");
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  // The beacon left the page (its body is not exposed to the test; the route answers 204).
  expect((await beacon).method()).toBe("POST");
});

test("a forced 403 authentication_required from any call logs out and returns to /login", async () => {
  const page = ada.page;
  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Every tRPC call that includes likes.list answers 403 authentication_required, as a server
  // whose session ended would (the live socket is left alone: this is about plain calls).
  await page.route(
    (url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("likes.list"),
    async (route) => {
      const paths = new URL(route.request().url()).pathname.slice("/trpc/".length).split(",");
      const error = (path: string) => ({
        error: {
          message: "Please log in to continue.",
          code: -32003,
          data: { code: "FORBIDDEN", httpStatus: 403, appCode: "AUTHENTICATION_REQUIRED", path },
        },
      });
      await route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify(paths.map(error)) });
    },
  );
  await page.getByRole("navigation").first().getByRole("link", { name: /Likes/ }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Flikes/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  // Logged out for real: the server no longer knows the session.
  const me = await page.evaluate(
    async () => ((await (await fetch("/trpc/accounts.me")).json()) as { result: { data: unknown } }).result.data,
  );
  expect(me).toBeNull();
});
