import { test, expect, type Page } from "@playwright/test";
import { logIn, selectsCutShort } from "./support";

/**
 * §2 /members search form, §3 search state: ages are 18–99 (members.schema SEARCH_MIN_AGE /
 * SEARCH_MAX_AGE). An age outside them, or a max age below the min age, is not searched: the
 * message is shown and announced, tied to the field to correct, under the pair of age fields.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

async function openSearch(page: Page) {
  await logIn(page, "free@amora.test", "demo12345");
  const form = page.getByRole("form", { name: "Search filters" });
  await expect(form.getByLabel("Min age")).toBeVisible();
  return form;
}

test("an age outside 18–99 shows its message on the field and runs no search", async ({ page }) => {
  const form = await openSearch(page);
  const min = form.getByLabel("Min age");
  const max = form.getByLabel("Max age");
  const before = page.url();

  await min.fill("10");
  await max.fill("120");
  await form.getByRole("button", { name: "Search" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toHaveText("Enter an age from 18 to 99");
  await expect(min).toHaveAttribute("aria-invalid", "true");
  await expect(max).toHaveAttribute("aria-invalid", "true");
  await expect(min).toHaveAccessibleDescription("Enter an age from 18 to 99");
  await expect(max).toHaveAccessibleDescription("Enter an age from 18 to 99");
  await expect(min).toBeFocused();
  // Nothing was searched: the address is the one the page opened with, without the ages.
  expect(page.url()).toBe(before);

  // A min age of 17: the same, only on the min age field.
  await min.fill("17");
  await max.fill("");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(alert).toHaveText("Enter an age from 18 to 99");
  await expect(min).toHaveAccessibleDescription("Enter an age from 18 to 99");
  await expect(max).not.toHaveAttribute("aria-invalid", "true");
  expect(page.url()).toBe(before);

  // Corrected, the search runs with the ages typed.
  await min.fill("25");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/minAge=25/);
  await expect(form.getByRole("alert")).toHaveCount(0);
});

test("a max age below the min age is told below the age fields, which stay in their row", async ({ page }) => {
  const form = await openSearch(page);
  const min = form.getByLabel("Min age");
  const max = form.getByLabel("Max age");
  await min.fill("60");
  await max.fill("30");
  await form.getByRole("button", { name: "Search" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toHaveText("Max age must not be below min age");
  await expect(max).toHaveAttribute("aria-invalid", "true");
  await expect(max).toHaveAccessibleDescription("Max age must not be below min age");
  await expect(max).toBeFocused();
  await expect(page).not.toHaveURL(/minAge=60/);

  // The fields of the row keep their line: Gender and both ages side by side, the message under
  // them (above Country), at least as wide as the two age fields together.
  const gender = (await form.getByLabel("Gender").boundingBox())!;
  const minBox = (await min.boundingBox())!;
  const maxBox = (await max.boundingBox())!;
  const alertBox = (await alert.boundingBox())!;
  const country = (await form.getByLabel("Country").boundingBox())!;
  expect(Math.abs(minBox.y - gender.y)).toBeLessThan(2);
  expect(Math.abs(maxBox.y - gender.y)).toBeLessThan(2);
  expect(alertBox.y).toBeGreaterThanOrEqual(maxBox.y + maxBox.height);
  expect(country.y).toBeGreaterThanOrEqual(alertBox.y + alertBox.height);
  expect(alertBox.width).toBeGreaterThanOrEqual(maxBox.x + maxBox.width - minBox.x);
});

test("an age the link itself holds outside 18–99 is shown with its message, and every age is searched", async ({
  page,
}) => {
  await logIn(page, "free@amora.test", "demo12345");
  await page.goto("/members?gender=any&minAge=5&maxAge=40");
  const form = page.getByRole("form", { name: "Search filters" });
  const min = form.getByLabel("Min age");
  await expect(min).toHaveValue("5");
  await expect(form.getByLabel("Max age")).toHaveValue("40");
  await expect(form.getByRole("alert")).toHaveText("Enter an age from 18 to 99");
  await expect(min).toHaveAccessibleDescription("Enter an age from 18 to 99");
  // The results are of any age (the unusable bound is not applied), as the message says nothing was narrowed.
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("listitem").first()).toBeVisible();

  // Corrected, the search runs with the age typed and the message goes.
  await min.fill("25");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/minAge=25/);
  await expect(form.getByRole("alert")).toHaveCount(0);
});

test("in German the age labels stay over their own fields, side by side, on a phone", async ({ page, context }) => {
  await logIn(page, "free@amora.test", "demo12345");
  await context.addCookies([{ name: "locale", value: "de", url: page.url() }]);
  await page.goto("/members");
  const form = page.getByRole("form", { name: "Suchfilter" });
  const min = form.getByLabel("Alter ab");
  const max = form.getByLabel("Alter bis");
  await expect(min).toBeVisible();
  const minLabel = (await form.getByText("Alter ab", { exact: true }).boundingBox())!;
  const maxLabel = (await form.getByText("Alter bis", { exact: true }).boundingBox())!;
  const minBox = (await min.boundingBox())!;
  const maxBox = (await max.boundingBox())!;
  // Each label ends before the next begins, and sits above its own field.
  expect(minLabel.x + minLabel.width).toBeLessThanOrEqual(maxLabel.x);
  expect(minLabel.y + minLabel.height).toBeLessThanOrEqual(minBox.y + 1);
  expect(maxLabel.y + maxLabel.height).toBeLessThanOrEqual(maxBox.y + 1);
  expect(minLabel.x).toBeGreaterThanOrEqual(minBox.x - 1);
  expect(maxLabel.x).toBeGreaterThanOrEqual(maxBox.x - 1);
});

test("in Polish the gender and age fields of a phone's row share one line, country and region have a row each, and the cards say when members were active", async ({
  page,
  context,
}) => {
  await logIn(page, "free@amora.test", "demo12345");
  await context.addCookies([{ name: "locale", value: "pl", url: page.url() }]);
  await page.goto("/members");
  const form = page.getByRole("form", { name: "Filtry wyszukiwania" });
  const gender = form.getByLabel("Płeć");
  const min = form.getByLabel("Wiek od");
  const max = form.getByLabel("Wiek do");
  await expect(min).toBeVisible();
  const genderBox = (await gender.boundingBox())!;
  const minBox = (await min.boundingBox())!;
  const maxBox = (await max.boundingBox())!;
  expect(Math.abs(minBox.y - genderBox.y)).toBeLessThan(2);
  expect(Math.abs(maxBox.y - genderBox.y)).toBeLessThan(2);
  // Country, then Region, under them, each as wide as the form's row (a place name needs the room).
  const countryBox = (await form.getByLabel("Kraj").boundingBox())!;
  const regionBox = (await form.getByLabel("Region").boundingBox())!;
  expect(countryBox.y).toBeGreaterThan(genderBox.y + genderBox.height);
  expect(regionBox.y).toBeGreaterThan(countryBox.y + countryBox.height);
  expect(countryBox.width).toBeGreaterThan(maxBox.x + maxBox.width - genderBox.x - 2);
  expect(regionBox.width).toBeCloseTo(countryBox.width, 0);
  for (const label of ["Wiek od", "Wiek do"]) {
    const box = (await form.getByText(label, { exact: true }).boundingBox())!;
    const lineHeight = await form
      .getByText(label, { exact: true })
      .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height, `${label} on one line`).toBeLessThan(lineHeight * 1.5);
  }
  // The result cards' "last active" line says when, not "Ostatnia aktywność: …" cut short, and no
  // line of a card (its place: "Stany Zjednoczone") is cut.
  const lastActive = page.getByText(/^Aktywność: /).first();
  await expect(lastActive).toBeVisible();
  const cut = await page
    .getByRole("main")
    .locator(".card-body:has(.member-card-name)")
    .evaluateAll((bodies) =>
      bodies
        .flatMap((b) => [...b.children])
        .filter((line) => line.scrollWidth > line.clientWidth + 1)
        .map((l) => l.outerHTML.slice(0, 200)),
    );
  expect(cut, "card lines cut short").toEqual([]);
});

test("the region field is named as the chosen country names its regions (§3), and lists that country's", async ({
  page,
}) => {
  const form = await openSearch(page);
  await expect(form.getByLabel("Region")).toBeDisabled();
  await form.getByLabel("Country").selectOption("NL");
  const province = form.getByLabel("Province");
  await expect(province).toBeEnabled();
  await expect(province.getByRole("option", { name: "Noord-Holland" })).toHaveCount(1);
  await form.getByLabel("Country").selectOption("PL");
  await expect(form.getByLabel("Voivodeship")).toBeEnabled();
  await expect(form.getByLabel("Province")).toHaveCount(0);
});

test("a search and a change of page leave the focus on their results, not on the page (WCAG 2.4.3)", async ({
  page,
}) => {
  const form = await openSearch(page);
  // Everyone, from any country (more than one page of the seeded members, whatever other specs
  // changed in this account's preferences).
  await page.goto("/members?gender=any");
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results).toBeVisible();
  await form.getByLabel("Min age").fill("19");
  await form.getByLabel("Min age").press("Enter");
  await expect(page).toHaveURL(/minAge=19/);
  await expect(results).toBeFocused();
  // The next Tab goes to the first result.
  await page.keyboard.press("Tab");
  await expect(results.getByRole("link").first()).toBeFocused();

  const pages = page.getByRole("navigation", { name: "Result pages" });
  await pages.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(pages).toContainText("Page 2");
  await expect(results).toBeFocused();
});

/** Runs in the page: the value of `select`'s option with the widest text in its font. */
function widestOption(select: HTMLSelectElement): string {
  const context = document.createElement("canvas").getContext("2d")!;
  context.font = getComputedStyle(select).font;
  const widths = [...select.options].map((o) => [context.measureText(o.text).width, o.value] as const);
  return widths.sort((a, b) => b[0] - a[0])[0]![1];
}

test("on a 360 px phone the filters' chosen values fit their fields in all seven languages", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await logIn(page, "free@amora.test", "demo12345");
  for (const locale of ["en", "de", "es", "fr", "it", "nl", "pl"]) {
    await context.addCookies([{ name: "locale", value: locale, url: page.url() }]);
    await page.goto("/members");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const form = page.locator("form").filter({ has: page.locator("#search-country") });
    await expect(form.locator("select").first()).toBeVisible();
    expect(await form.evaluate(selectsCutShort), locale).toEqual([]);
    // The longest gender, country and region names of the language, chosen.
    for (const id of ["search-gender", "search-country", "search-region"]) {
      const select = form.locator(`#${id}`);
      if (id === "search-region") await expect(select.locator("option").nth(1)).toBeAttached();
      await select.selectOption(await select.evaluate(widestOption));
    }
    expect(await form.evaluate(selectsCutShort), `${locale}, the longest names`).toEqual([]);
  }
});
