import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { logIn, seededMemberWhere, signUp, uniqueEmail, watchForNamelessDialogs, type SeededPhotos } from "./support";

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

/**
 * A refused upload (not an image) is told where the member is: under the file field, tied to it
 * and announced; focus goes back to the field, and the next upload works.
 */
test("a file that is not an image is refused with a message under the file field", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "en-GB",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  await signUp(page, { email: uniqueEmail("upload"), name: "Uma Upload", gender: "female" });
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "My photos" });
  const count = section.getByTestId("photo-count");
  const field = section.getByLabel("Add a photo");
  const image = (color: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
      .jpeg()
      .toBuffer();

  // One photo first, so that the grid stands between the top of the card and the field.
  await field.setInputFiles({ name: "first.jpg", mimeType: "image/jpeg", buffer: await image("#c36") });
  await expect(count).toHaveText("1 of 3 photos");

  const message = "This file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF photo.";
  await field.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("plain text\n") });
  const alert = section.getByRole("alert");
  await expect(alert).toHaveText(message);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // Described by the message first, then by the formats hint.
  await expect(field).toHaveAccessibleDescription(`${message} JPEG, PNG, WebP, GIF or AVIF, at most 8 MB.`);
  await expect(field).toBeFocused();
  await expect(alert).toBeInViewport({ ratio: 1 });
  // Right under the field, not at the top of the card.
  const fieldBox = (await field.boundingBox())!;
  const alertBox = (await alert.boundingBox())!;
  expect(alertBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
  expect(alertBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
  await expect(count).toHaveText("1 of 3 photos");

  // The next upload works and the message goes.
  await field.setInputFiles({ name: "second.jpg", mimeType: "image/jpeg", buffer: await image("#36c") });
  await expect(count).toHaveText("2 of 3 photos");
  await expect(section.getByRole("alert")).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await context.close();
});

test("the photo viewer goes through a member's photos with the arrow keys, a sideways swipe and its buttons", async ({
  page,
}) => {
  await logIn(page, "demo@amora.test", "demo12345"); // premium: every photo that is not private opens
  // A seeded member with at least 3 photos that open, found as the app would (members.get).
  const open = (m: SeededPhotos) => (m.photos ?? []).filter((p) => !p.locked).length;
  const { id, data } = await seededMemberWhere<SeededPhotos>(page, "members.get", (m) => open(m) >= 3);
  const n = open(data);
  await page.goto(`/members/${id}`);
  await page.getByRole("button", { name: `Open photo 1 of ${n}` }).click();
  const viewer = page.getByRole("dialog", { name: `Photo 1 of ${n}` });
  await expect(viewer).toBeVisible();
  const title = page.getByRole("dialog").getByRole("heading");
  await page.keyboard.press("ArrowRight");
  await expect(title).toHaveText(`Photo 2 of ${n}`);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(title).toHaveText(`Photo ${n} of ${n}`); // from the first, back to the last
  // A swipe to the left shows the next photo (from the last: the first); a short one does nothing.
  const photo = page.getByRole("dialog").getByRole("img", { name: /^Photo of / });
  const box = (await photo.boundingBox())!;
  const swipe = async (dx: number) => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + 5, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(-120);
  await expect(title).toHaveText(`Photo 1 of ${n}`);
  await swipe(-20);
  await expect(title).toHaveText(`Photo 1 of ${n}`);
  await swipe(120);
  await expect(title).toHaveText(`Photo ${n} of ${n}`);
  await page.getByRole("button", { name: "Next photo" }).click();
  await expect(title).toHaveText(`Photo 1 of ${n}`);
  // Closed, it keeps its name ("Photo 1 of n") while it fades out.
  const namelessDialogs = await watchForNamelessDialogs(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await namelessDialogs()).toEqual([]);
});

/**
 * §6 private photos: a free member asks to open one for photo_credits; the dialog names the price
 * until it is gone, and with 0 credits gives way to 'Not enough credits' (§2).
 */
test("a private photo asks for its credits, then says there are not enough", async ({ page }) => {
  await logIn(page, "free@amora.test", "demo12345");
  const { id } = await seededMemberWhere<SeededPhotos>(page, "members.get", (m) =>
    (m.photos ?? []).some((p) => p.locked && p.unlock === "credits"),
  );
  await page.goto(`/members/${id}`);
  const privatePhoto = page.getByRole("button", { name: /^Private photo: unlock for \d+ credits$/ }).first();
  const price = /(\d+) credits$/.exec((await privatePhoto.getAttribute("aria-label")) ?? "")![1];

  await privatePhoto.click();
  const dialog = page.getByRole("dialog", { name: "Unlock a private photo" });
  await expect(dialog).toContainText(`See it for ${price} credits; it stays open for you.`);
  // Every text the unlock dialog shows, up to its removal, still names the price (it fades out whole).
  await page.evaluate(() => {
    const texts: string[] = [];
    (window as unknown as { unlockDialogTexts: string[] }).unlockDialogTexts = texts;
    new MutationObserver(() => {
      const modal = document.getElementById("unlock-photo-title")?.closest(".modal");
      if (modal) texts.push(modal.textContent ?? "");
    }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  await dialog.getByRole("button", { name: `Unlock for ${price} credits` }).click();
  const noCredits = page.getByRole("dialog", { name: "Not enough credits" });
  await expect(noCredits).toBeVisible();
  await expect(noCredits.getByRole("heading", { level: 2, name: "Not enough credits" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(privatePhoto).toBeVisible();
  const texts = await page.evaluate(() => (window as unknown as { unlockDialogTexts: string[] }).unlockDialogTexts);
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((text) => !text.includes(`See it for ${price} credits`))).toEqual([]);
  // Closed, the popup gives the focus back to the photo it was about (its own opener is gone).
  await page.keyboard.press("Escape");
  await expect(noCredits).toHaveCount(0);
  await expect(privatePhoto).toBeFocused();
});
