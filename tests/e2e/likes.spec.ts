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
