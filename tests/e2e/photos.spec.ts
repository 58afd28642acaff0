import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { logIn } from "./support";

/** §2 /profile photo management: a free member uploads a photo through the labelled file input. */
test("a free member adds a photo on /profile and sees it in the grid and the count", async ({ page }) => {
  await logIn(page, "free@amora.test", "demo12345");
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "My photos" });
  const grid = section.getByRole("list", { name: "My photos" });
  const count = section.getByTestId("photo-count");
  await expect(count).toHaveText(/^\d+ of 3 photos$/);

  // The seed gives this account 2 photos; make room if an earlier run filled the 3.
  let before = Number(/^(\d+)/.exec((await count.textContent()) ?? "")![1]);
  if (before >= 3) {
    await grid.getByRole("listitem").last().getByRole("button", { name: "Delete photo" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this photo?" });
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(dialog).toBeHidden();
    before -= 1;
    await expect(count).toHaveText(`${before} of 3 photos`);
  }
  await expect(grid.getByRole("listitem")).toHaveCount(before);

  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#c36" } })
    .jpeg()
    .toBuffer();
  await section.getByLabel("Add a photo").setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: image });

  await expect(count).toHaveText(`${before + 1} of 3 photos`);
  await expect(grid.getByRole("listitem")).toHaveCount(before + 1);
  const added = grid.getByRole("listitem").last();
  await expect(added.getByRole("img")).toHaveJSProperty("complete", true);
  await expect(added.getByRole("button", { name: "Make main photo" })).toBeVisible();
  if (before + 1 === 3) {
    // §5/§9: the free limit is reached: the upload control gives way to the message and a link to /premium.
    const limit = section.getByTestId("photo-limit");
    await expect(limit).toContainText("Free members may add up to 3 photos. Get Premium to add up to 25.");
    await expect(limit.getByRole("link", { name: "Get Premium" })).toHaveAttribute("href", "/premium");
    await expect(section.getByLabel("Add a photo")).toHaveCount(0);
  }
  await page.screenshot({ path: "test-results/profile-photos.png", fullPage: true });
});
