import { test, expect } from "@playwright/test";
import { confirmedMember, fillDateOfBirth, logIn } from "./support";

test("an unknown route shows the 404 page with a link home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("link", { name: "Sign up free" })).toBeVisible();
});

test("signup validates with the spec's messages and offers a did-you-mean for the e-mail", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("E-mail").fill("anna@gmial.com");
  await page.getByLabel("Name").focus();
  await expect(page.getByRole("button", { name: "anna@gmail.com" })).toBeVisible();
  await page.getByLabel("Name").fill("@anna");
  await page.getByLabel("Password").fill("secret-pass-1");
  await fillDateOfBirth(page, "2015-01-01");
  await page.getByLabel("I am").selectOption("female");
  // Nobody is put in a country they did not choose: with no country known, the visitor chooses.
  await expect(page.getByLabel("Country")).toHaveValue("");
  await page.getByRole("button", { name: "Create my free account" }).click();
  await expect(page.getByText("Enter your date of birth (18+)")).toBeVisible();
  const dob = page.getByRole("group", { name: "Date of birth" });
  await expect(dob).toHaveAccessibleDescription("Enter your date of birth (18+)");
  // A real date under the minimum age is told under the field, without the invalid-date popup.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // English (US, as every date of the site in English) writes month, day, year.
  expect(await dob.locator("label").allTextContents()).toEqual(["Month", "Day", "Year"]);
  await expect(dob.getByLabel("Year")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Your name may not start with @")).toBeVisible();
  await expect(page.getByLabel("Country")).toHaveAccessibleDescription("Choose your country");
  // Beyond §5: no web address in a name, which other members' mails would carry.
  await page.getByLabel("Name").fill("Free credits at bonus.example");
  await page.getByRole("button", { name: "Create my free account" }).click();
  // The error is the field's description, and the field says it is invalid (WCAG 1.3.1, 4.1.2).
  const name = page.getByLabel("Name");
  await expect(name).toHaveAccessibleDescription("Your name may not contain a web or e-mail address");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Name").fill("@anna");
  // The terms one accepts can be read first.
  await expect(page.getByRole("link", { name: "terms", exact: true })).toHaveAttribute("href", "/terms");
  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByRole("button", { name: "Create my free account" }).click();
  await expect(page.getByText("Invalid email")).toBeVisible();
});

test("the date of birth reads in the member's language, and a date that does not exist is refused", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "locale", value: "de", url: baseURL! }]);
  await page.goto("/signup");
  const dob = page.getByRole("group", { name: "Geburtsdatum" });
  await expect(dob).toBeVisible();
  // German writes day, month, year; the month is chosen by its German name.
  const labels = await dob.locator("label").allTextContents();
  expect(labels).toEqual(["Tag", "Monat", "Jahr"]);
  await expect(dob.getByLabel("Monat").getByRole("option", { name: "März" })).toHaveCount(1);
  // 31 April does not exist: the §5 message, and no account.
  await dob.getByLabel("Tag").fill("31");
  await dob.getByLabel("Monat").selectOption({ label: "April" });
  await dob.getByLabel("Jahr").fill("1990");
  await page.getByRole("button", { name: "Mein kostenloses Konto erstellen" }).click();
  // §5: an invalid birth date gives a popup; closing it leaves the focus on the date's first part.
  const popup = page.getByRole("dialog", { name: "Prüfe dein Geburtsdatum" });
  await expect(popup).toContainText("Dieses Datum gibt es nicht.");
  await popup.getByRole("button", { name: "OK" }).click();
  await expect(popup).toBeHidden();
  await expect(dob.getByLabel("Tag")).toBeFocused();
  await expect(dob).toHaveAccessibleDescription("Gib dein Geburtsdatum ein (18+)");
  await expect(page).toHaveURL(/\/signup$/);
  // Only digits are typed into day and year: a letter typed between them is dropped.
  await dob.getByLabel("Tag").clear();
  await dob.getByLabel("Tag").pressSequentially("3x0");
  await expect(dob.getByLabel("Tag")).toHaveValue("30");
  await expect(page.getByText("Gib dein Geburtsdatum ein (18+)")).toBeHidden();
});

test("login failure shows the §8 message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("nobody@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login failed, please try again.");
  // A field left empty is marked invalid and described by its error.
  await page.getByLabel("Password").fill("");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Enter your password");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("E-mail")).not.toHaveAttribute("aria-invalid");
});

test("the interface switches language (a second locale)", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "EN (Language: English)", exact: true }).click();
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("button", { name: "DE (Sprache: Deutsch)", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Diese Seite wurde nicht gefunden");
  // The choice is kept (locale cookie, §9) and a logged-in member sees the German top bar.
  await page.goto("/login");
  await page.getByLabel("E-Mail").fill("free@amora.test");
  await page.getByLabel("Passwort").fill("demo12345");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("link", { name: "Mitglieder suchen" })).toBeVisible();
});

test("on a phone-sized screen the menu collapses behind a toggle", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("free@amora.test");
  await page.getByLabel("Password").fill("demo12345");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/members/);
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole("link", { name: "Search members" })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole("link", { name: "Search members" })).toBeVisible();
});

test("a member's page brings their account: a reload draws a member-only screen without asking accounts.me first", async ({
  page,
}) => {
  await logIn(page, "demo@amora.test", "demo12345");
  await page.goto("/chats");
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  // From here on accounts.me cannot be answered: only the account the page itself brought lets
  // the member-only screen draw (without it, the screen would wait, then send them to log in).
  await page.route(/\/trpc\/[^?]*accounts\.me/, (route) => route.abort());
  await page.reload();
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/chats$/);
});

test("/members brings its first search: the results draw with members.search unanswerable, and a new search still asks", async ({
  page,
}) => {
  await logIn(page, "demo@amora.test", "demo12345");
  // Only the search the page itself brought can fill the list (issue 11: the page's largest paint,
  // the first photo, no longer waits for a round trip after the first render).
  await page.route(/\/trpc\/[^?]*members\.search/, (route) => route.abort());
  await page.goto("/members?gender=any");
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("link").first()).toBeVisible();
  // A search the page did not bring is asked for.
  await page.unrouteAll({ behavior: "wait" });
  await page.getByLabel("Min age").fill("30");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/minAge=30/);
  await expect(results.getByRole("link").first()).toBeVisible();
});

test("on a phone, the likes received line up with the page and each card's labels stay inside it", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logIn(page, "demo@amora.test", "demo12345");
  await page.goto("/likes/received");
  const heading = page.getByRole("heading", { name: "Likes", level: 1 });
  const cards = page.getByRole("list", { name: "Received", exact: true }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  // The list is not indented like a bulleted list: its first card starts where the heading does.
  const headingBox = (await heading.boundingBox())!;
  const firstCard = (await cards.first().locator(".card").boundingBox())!;
  expect(Math.abs(firstCard.x - headingBox.x)).toBeLessThanOrEqual(1);
  // "New", "Match", "Fictional profile": wrapped inside the card, never past its edge.
  for (const card of (await cards.all()).slice(0, 4)) {
    const box = (await card.locator(".card").boundingBox())!;
    for (const badge of await card.locator(".badge").all()) {
      const b = (await badge.boundingBox())!;
      expect(b.x + b.width, await badge.innerText()).toBeLessThanOrEqual(box.x + box.width);
    }
  }
  await context.close();
});

test("on a phone, a chat's header shows the other member's name and age in full beside its More actions menu", async ({
  browser,
}) => {
  const phone = { width: 390, height: 844 };
  const other = await confirmedMember(browser, "Maximiliane", "female", { viewport: phone });
  const writer = await confirmedMember(browser, "Bartholomew", "male", { viewport: phone });
  await writer.page.goto(`/members/${other.id}/chat`);
  await writer.page.getByLabel("Your message").fill("Hello Maximiliane!");
  await writer.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(writer.page.getByText("Hello Maximiliane!")).toBeVisible();
  const heading = writer.page.getByRole("heading", { level: 1, name: /^Maximiliane, \d+$/ });
  await expect(heading).toBeVisible();
  // Not cut off: the heading's text fits the room it has.
  expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  // Report and Block are words in the "More actions" menu beside the name (UX review #15).
  await writer.page.getByRole("button", { name: "More actions" }).click();
  await expect(writer.page.getByRole("button", { name: "Report this chat with Maximiliane" })).toBeVisible();
  await expect(writer.page.getByRole("button", { name: "Block Maximiliane" })).toBeVisible();
  await Promise.all([other.context.close(), writer.context.close()]);
});
