import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import {
  appCodeOf,
  birthDateForAge,
  createMember,
  failureOf,
  memberFactory,
  profileEditFields,
} from "../support/factories.js";

const t = useTestServer();
const member = memberFactory(t);

describe("editing the profile (/profile, §3, §5)", () => {
  it("saves every field, shows it on the public profile and in /api/user.php", async () => {
    const m = await member();
    const viewer = await member();
    const saved = await m.api.members.updateProfile(profileEditFields() as never);
    expect(saved).toMatchObject({ name: "Edited Name", region: "Utrecht", regionKind: "province", tattoos: true });
    expect(await m.api.members.myProfile()).toEqual(saved);

    const seen = await viewer.api.members.get({ id: m.id });
    expect(seen).toMatchObject({
      name: "Edited Name",
      age: 33,
      gender: "female",
      sexuality: "hetero",
      tattoos: true,
      hairColor: "dark blond",
      eyeColor: "hazel",
      bodyType: "slim",
      relationshipStatus: "single",
      interests: ["music", "travelling"],
      country: "NL",
      region: "Utrecht",
      city: "Amersfoort",
      note: "I like long walks.\nAnd tea.",
    });

    const browser = TestBrowser.withSession(t.server, m);
    const res = await browser.fetch("/api/user.php");
    const body = (await res.json()) as { user: { name: string; profile: { name: string } } };
    expect(body.user.name).toBe("Edited Name");
    expect(body.user.profile.name).toBe("Edited Name");
  });

  it("clears optional fields with null", async () => {
    const m = await member();
    await m.api.members.updateProfile(profileEditFields() as never);
    const cleared = await m.api.members.updateProfile(
      profileEditFields({
        search_gender: null,
        sexuality: null,
        tattoos: null,
        hair_color: null,
        eye_color: null,
        body_type: null,
        relationship_status: null,
        region: null,
        city: null,
        interests: [],
        signup_message: "",
      }) as never,
    );
    expect(cleared).toMatchObject({ region: null, city: null, interests: [], tattoos: null, signup_message: "" });
  });

  it.each<[string, Record<string, unknown>, string, string | null]>([
    [
      "a 17-year-old birth date",
      { date_of_birth: birthDateForAge(17) },
      "date_of_birth",
      "Enter your date of birth (18+)",
    ],
    ["an impossible date", { date_of_birth: "2000-02-30" }, "date_of_birth", "Enter your date of birth (18+)"],
    ["a name starting with @", { name: "@someone" }, "name", "Your name may not start with @"],
    // What is shown counts (§5): a fullwidth ＠ is an @; hidden and reordering characters are refused.
    ["a name starting with a fullwidth @", { name: "\uFF20support" }, "name", "Your name may not start with @"],
    ["a name with a zero-width joiner before @", { name: "\u200D@support" }, "name", "Your name may not start with @"],
    ["a name with a Braille blank before @", { name: "\u2800@support" }, "name", "Your name may not start with @"],
    ["a name with a zero-width space", { name: "\u200B@support" }, "name", "Name contains invalid characters"],
    // Names reach other members' mails and pushes: no web or e-mail address (security review).
    ...[
      "Free credits at amora-bonus.example",
      "see www.my-page",
      "https://x",
      "anna@mail",
      "bonus\uFF0Eexample", // a fullwidth dot
      "bonus\uFE0F.example", // an invisible variation selector before the dot
      "bonus\u3002example", // an ideographic full stop
      "bonus\u00B7example", // a middle dot
    ].map((name): [string, Record<string, unknown>, string, string | null] => [
      `the name ${JSON.stringify(name)}`,
      { name },
      "name",
      "Your name may not contain a web or e-mail address",
    ]),
    ["a name with a right-to-left override", { name: "\u202Eniamod" }, "name", "Name contains invalid characters"],
    ["a one-letter name", { name: "A" }, "name", "Name is too short"],
    ["an unknown hair colour", { hair_color: "purple" }, "hair_color", null],
    ["an unknown interest", { interests: ["music", "nope"] }, "interests", null],
    ["an interest twice", { interests: ["music", "music"] }, "interests", "Each interest once"],
    ["a region of another country", { region: "Bavaria" }, "region", "Choose a region of your country"],
    ["an unknown country", { country: "XX" }, "country", null],
    ["a NUL in the city", { city: "Ams\u0000terdam" }, "city", "City contains invalid characters"],
  ])("refuses %s with VALIDATION and changes nothing", async (_label, over, field, message) => {
    const m = await member();
    const before = await m.api.members.myProfile();
    const err = await failureOf(m.api.members.updateProfile(profileEditFields(over) as never));
    expect(appCodeOf(err)).toBe("VALIDATION");
    if (message) expect(err.message).toContain(message);
    expect(field).toBeTruthy();
    expect(await m.api.members.myProfile()).toEqual(before);
  });

  it("keeps names with dots or initials that are no address", async () => {
    const m = await member();
    for (const name of ["J.R. Smith", "Mr. Bean", "Anna-Maria", "Zoë", "A. B."]) {
      const saved = await m.api.members.updateProfile(profileEditFields({ name }) as never);
      expect(saved.name).toBe(name);
    }
  });

  it("refuses the member's own e-mail address as name (§5), as signup does", async () => {
    const m = await createMember(t.server.deps);
    const b = TestBrowser.withSession(t.server, m);
    const err = await failureOf(
      b.trpc.members.updateProfile.mutate(profileEditFields({ name: m.email.toUpperCase() }) as never),
    );
    expect(appCodeOf(err)).toBe("VALIDATION");
    expect(err.message).toBe("Your name may not be your e-mail address");
  });
});
