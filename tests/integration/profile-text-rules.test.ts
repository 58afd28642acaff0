import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, failureOf, memberFactory, profileEditFields, signupFields } from "../support/factories.js";

/**
 * Review finding F6: the free-text profile fields (§3 name, city, region, signup_message shown as
 * "about me") refuse what hides, reorders or draws over the page, with one rule set
 * (profile-fields.schema.ts memberText) for signup and /profile, and still take real names in
 * every script, with their accents, and emoji.
 */
const t = useTestServer();
const member = memberFactory(t);

const ZALGO = "Z" + "\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u030A\u030B\u030C\u030D".repeat(3) + "o";
const SMUGGLED = "hi" + [..."secret"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

describe("free-text profile fields refuse hidden, blank and stacked characters (F6, §3, §5)", () => {
  it.each([
    // Bidirectional controls, in every free-text field (U+202E shows "madretsmA" as "Amsterdam").
    ["a right-to-left override in the city", { city: "\u202Emadretsma" }, "City contains invalid characters"],
    ["a right-to-left override in the region", { region: "\u202EUtrecht" }, "Region contains invalid characters"],
    [
      "a right-to-left override in about me",
      { signup_message: "hi \u202Egnp.exe" },
      "Message contains invalid characters",
    ],
    [
      "a right-to-left isolate in about me",
      { signup_message: "a\u2067b\u2069c" },
      "Message contains invalid characters",
    ],
    ["a right-to-left mark in the city", { city: "Ams\u200Fterdam" }, "City contains invalid characters"],
    ["an Arabic letter mark in the name", { name: "Ali\u061C" }, "Name contains invalid characters"],
    ["a left-to-right embedding in the name", { name: "\u202AAnna" }, "Name contains invalid characters"],
    // Invisible characters.
    ["a zero-width space in about me", { signup_message: "call\u200Bme" }, "Message contains invalid characters"],
    ["a byte order mark in the city", { city: "Utre\uFEFFcht" }, "City contains invalid characters"],
    ["a C1 control (NEL) in the name", { name: "Ann\u0085a" }, "Name contains invalid characters"],
    ["hidden tag characters in about me", { signup_message: SMUGGLED }, "Message contains invalid characters"],
    [
      "a supplementary variation selector in about me",
      { signup_message: "a\u{E0100}" },
      "Message contains invalid characters",
    ],
    ["two zero-width joiners in a row in the name", { name: "Jo\u200D\u200Dhn" }, "Name contains invalid characters"],
    ["a line separator in the city", { city: "Ut\u2028recht" }, "City contains invalid characters"],
    // Names (and cities) that show as nothing.
    ["a name of Braille blanks", { name: "\u2800\u2800" }, "Name must contain a letter or a number"],
    [
      "a name of Braille blanks and wide spaces",
      { name: "\u2800\u3000\u2003\u2800" },
      "Name must contain a letter or a number",
    ],
    ["a name of Hangul fillers", { name: "\u3164\u3164" }, "Name contains invalid characters"],
    ["a name of Hangul choseong/jungseong fillers", { name: "\u115F\u1160" }, "Name contains invalid characters"],
    ["a name of halfwidth Hangul fillers", { name: "\uFFA0\uFFA0" }, "Name contains invalid characters"],
    ["a name of only combining marks", { name: "\u0301\u0301" }, "Name must contain a letter or a number"],
    ["a city of Braille blanks", { city: "\u2800" }, "City must contain a letter or a number"],
    // Zalgo: marks stacked over the layout.
    ["a name of one letter plus 38 combining marks", { name: "a" + "\u0301".repeat(38) }, "Name has too many accents"],
    ["a name with 4 marks on one letter", { name: "Anna\u0301\u0302\u0303\u0304" }, "Name has too many accents"],
    ["Zalgo text in about me", { signup_message: ZALGO }, "Message has too many accents"],
    ["Zalgo in the city", { city: "Ams" + "\u0336".repeat(10) + "terdam" }, "City has too many accents"],
    [
      "marks split by a joiner in the name",
      { name: "Ann\u0301\u0301\u200D\u0301\u0301a" },
      "Name has too many accents",
    ],
  ])("refuses %s with VALIDATION and changes nothing", async (_label, over, message) => {
    const m = await member();
    const before = await m.api.members.myProfile();
    const err = await failureOf(m.api.members.updateProfile(profileEditFields(over) as never));
    expect(appCodeOf(err)).toBe("VALIDATION");
    expect(err.message).toContain(message);
    expect(await m.api.members.myProfile()).toEqual(before);
  });

  it.each([
    ["José", { name: "José" }],
    ["Zoë", { name: "Zoë" }],
    ["Nguyễn Thị (composed)", { name: "Nguyễn Thị" }],
    ["Nguyễn Thị (decomposed: 2 marks on one letter)", { name: "Nguye\u0302\u0303n Thi\u0323" }],
    ["محمد", { name: "محمد" }],
    ["Arabic with shadda and fatha", { name: "مُحَمَّد" }],
    ["דוד", { name: "דוד" }],
    ["pointed Hebrew (3 marks on shin)", { name: "שָּׁלוֹם" }],
    ["नमस्ते", { name: "नमस्ते" }],
    ["Hindi with a joiner", { name: "क्\u200Dष" }],
    ["สมชาย", { name: "สมชาย" }],
    ["Thai with a vowel and a tone mark", { name: "ที่รัก" }],
    ["Persian with a zero-width non-joiner", { name: "می\u200Cخواهم" }],
    ["Anne-Marie O'Neil", { name: "Anne-Marie O'Neil" }],
    ["李小龍", { name: "李小龍" }],
    ["Łukasz Żółć", { name: "Łukasz Żółć" }],
    ["a name with an emoji", { name: "Zoë 🌸" }],
    ["a name with a non-breaking space", { name: "Jean\u00A0Luc" }],
    ["an emoji family in about me", { signup_message: "Mum of 👨‍👩‍👧 and proud" }],
    ["ZWJ emoji with variation selectors in about me", { signup_message: "🏳️‍🌈 ❤️ #️⃣ 👍🏽" }],
    ["a subdivision flag in about me", { signup_message: "From 🏴󠁧󠁢󠁳󠁣󠁴󠁿 with love" }],
    ["line breaks in about me", { signup_message: "Line one\nLine two\r\nLine three" }],
    ["Vietnamese in about me", { signup_message: "Tôi thích đọc sách và uống cà phê." }],
    ["a city with accents", { city: "Hồ Chí Minh" }],
    ["a city in another script", { city: "תל אביב" }],
  ])("accepts %s and stores it as typed", async (_label, over) => {
    const m = await member();
    const saved = await m.api.members.updateProfile(profileEditFields(over) as never);
    expect(saved).toMatchObject(over);
    expect(await m.api.members.myProfile()).toMatchObject(over);
  });

  it("applies the same rules at signup (name and signup_message)", async () => {
    for (const [over, field, message] of [
      [{ name: "\u2800\u2800" }, "name", "Name must contain a letter or a number"],
      [{ name: "a" + "\u0301".repeat(38) }, "name", "Name has too many accents on one letter"],
      [{ signup_message: "hi \u202Egnp.exe" }, "signup_message", "Message contains invalid characters"],
    ] as const) {
      const b = new TestBrowser(t.server);
      const err = (await failureOf(b.trpc.accounts.signup.mutate(signupFields(over) as never))) as Error & {
        data: { appCode: string; fieldErrors: Record<string, string[]> };
      };
      expect(err.data.appCode).toBe("VALIDATION");
      expect(err.data.fieldErrors[field]).toContain(message);
      expect(b.cookies.has("auth")).toBe(false);
    }
    const b = new TestBrowser(t.server);
    const user = await b.trpc.accounts.signup.mutate(
      signupFields({ name: "Nguyễn Thị", signup_message: "Mum of 👨‍👩‍👧" }) as never,
    );
    expect(user.name).toBe("Nguyễn Thị");
  });

  it("legacy PUT /api/user.php takes no profile text: only the language changes", async () => {
    const m = await member();
    const before = await m.api.members.myProfile();
    const b = TestBrowser.withSession(t.server, m);
    const res = await b.fetch("/api/user.php", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ language: "en", name: "\u2800\u2800", city: "\u202Emadretsma" }),
    });
    expect(res.status).toBeLessThan(500);
    expect(await m.api.members.myProfile()).toEqual(before);
  });
});
