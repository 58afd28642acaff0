import { test, expect } from "@playwright/test";
import { logIn } from "./support";

/**
 * §2 /likes: the §7 pick ("Someone likes you" / "Someone you may like") above the lists is a
 * member who is not already in the list shown below it.
 */
test("the likes page does not show the same member twice, in the pick and in the list", async ({ page }) => {
  await logIn(page, "demo@amora.test", "demo12345"); // the demo account has likes received and sent
  for (const tab of ["received", "sent"] as const) {
    await page.goto(`/likes/${tab}`);
    const list = page.getByRole("main").getByRole("list").last();
    await expect(list.getByRole("listitem").first()).toBeVisible();
    const listed = await list.getByRole("link").allInnerTexts();
    const pick = page.getByRole("complementary");
    if ((await pick.count()) === 0) continue;
    const picked = (await pick.getByRole("link").innerText()).trim();
    expect(
      listed.map((l) => l.trim()).filter((l) => l.startsWith(picked)),
      `${picked} on /likes/${tab}`,
    ).toEqual([]);
  }
});

test("on a phone the three likes tabs keep one row in all seven languages (360 px, and German and Polish at 320)", async ({
  page,
  context,
}) => {
  await logIn(page, "demo@amora.test", "demo12345");
  for (const [locale, width] of [
    ...["en", "de", "es", "fr", "it", "nl", "pl"].map((l) => [l, 360] as const),
    ["de", 320] as const,
    ["pl", 320] as const,
  ]) {
    await page.setViewportSize({ width, height: 740 });
    await context.addCookies([{ name: "locale", value: locale, url: page.url() }]);
    await page.goto("/likes/received");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const tabs = page.getByRole("main").locator(".likes-tabs").getByRole("link");
    await expect(tabs).toHaveCount(3);
    const boxes = await tabs.evaluateAll((links) => links.map((l) => l.getBoundingClientRect().toJSON() as DOMRect));
    // One row: the same top for the three, and the last one ends on the screen.
    expect(new Set(boxes.map((b) => Math.round(b.top))).size, `${locale} at ${width} px`).toBe(1);
    expect(boxes[2]!.right, `${locale} at ${width} px: the last tab off the screen`).toBeLessThanOrEqual(width);
  }
});

test("the premium demo account has a match who wrote to it: their messages are in Messages and they are on the matches tab", async ({
  page,
}) => {
  await logIn(page, "demo@amora.test", "demo12345");
  await page.goto("/chats");
  const chats = page.getByRole("region", { name: "Messages" }).getByRole("list");
  const chat = chats.getByRole("listitem").filter({ hasText: "Any tip for a cosy wine bar?" });
  await expect(chat).toHaveCount(1);
  const name = (await chat.locator("strong").first().innerText()).trim();

  // Other tests may give Demo more matches: the one who wrote is among them ("Name, age").
  await page.goto("/likes/match");
  const matches = page.getByRole("main").getByRole("list").last();
  await expect(matches.getByRole("link").filter({ hasText: new RegExp(`^\\s*${name},`) })).toHaveCount(1);

  await page.goto("/chats");
  await chat.getByRole("link").click();
  const log = page.getByRole("log");
  await expect(log.getByText(/Your travel photos are great/)).toBeVisible();
  await expect(log.getByText(/Maybe we could have a glass together/)).toBeVisible();
});
