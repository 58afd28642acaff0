import { describe, expect, it } from "vitest";
import {
  languageChoices,
  LANGUAGES_BY_COUNTRY,
  selectedCountry,
  signupCountryGuess,
  toLocale,
} from "../../client/lib/languages.js";
import { COUNTRY_LANGUAGES } from "../../server/constants.js";

/**
 * §2 "Language choices by country" (issue 11): the pure function the language dropdown and
 * /lang-config use. Current and browser language always included; all seven when a logged-out
 * visitor's selected country differs from the detected one; only the seven codes accepted.
 */
const ALL = ["en", "de", "es", "fr", "it", "nl", "pl"];
const base = { selectedCountry: null, loggedIn: false, current: "en", browserLanguage: null } as const;

describe("§2 language choices by country", () => {
  it("the table is the spec's, the same on the client and on the server", () => {
    expect(LANGUAGES_BY_COUNTRY).toEqual({
      US: ["en", "es"],
      NL: ["nl"],
      BE: ["nl", "fr", "de"],
      FR: ["fr"],
      IT: ["it"],
      ES: ["es"],
      DE: ["de"],
      AT: ["de"],
      IE: ["en"],
      GB: ["en"],
      CA: ["en", "fr"],
      PL: ["pl"],
      AU: ["en"],
      NZ: ["en"],
      CH: ["de", "it", "fr", "en"],
    });
    expect(LANGUAGES_BY_COUNTRY).toEqual(COUNTRY_LANGUAGES);
  });

  // [detected, selected, logged in, current, browser] → shown
  const table: Array<[string | null, string | null, boolean, string, string | null, string[]]> = [
    ["BE", null, false, "nl", "nl-BE", ["nl", "fr", "de"]],
    ["BE", null, false, "en", "en-GB", ["nl", "fr", "de", "en"]],
    ["BE", null, false, "nl", "pl-PL", ["nl", "fr", "de", "pl"]],
    ["NL", null, false, "nl", "nl", ["nl"]],
    ["NL", null, false, "en", "de-DE", ["nl", "en", "de"]],
    ["US", "US", false, "en", "en-US", ["en", "es"]],
    ["CH", null, true, "de", "de-CH", ["de", "it", "fr", "en"]],
    ["DE", null, false, "de", "pt-BR", ["de"]], // a browser language outside the seven is not offered
    ["FR", null, false, "fr", "fr-FR", ["fr"]],
    ["CA", null, false, "fr", "fr-CA", ["en", "fr"]],
    // Logged out, the selected country differs from the detected one: all seven.
    ["NL", "PL", false, "nl", "nl", ALL],
    ["BE", "FR", false, "fr", "fr", ALL],
    // Logged in, the selected country counts as it is.
    ["NL", "PL", true, "nl", "nl", ["pl", "nl"]],
    // Unknown country (a private address, no choice): all seven.
    [null, null, false, "en", "en", ALL],
    ["BR", null, false, "en", "pt-BR", ALL],
  ];
  for (const [detected, selected, loggedIn, current, browser, shown] of table) {
    it(`detected ${detected}, selected ${selected}, ${loggedIn ? "logged in" : "logged out"}, current ${current}, browser ${browser}: ${shown.join("/")}`, () => {
      expect(
        languageChoices({
          detectedCountry: detected,
          selectedCountry: selected,
          loggedIn,
          current: current as "en",
          browserLanguage: browser,
        }),
      ).toEqual(shown);
    });
  }

  it("accepts only the seven codes", () => {
    expect(toLocale("de-AT")).toBe("de");
    expect(toLocale("PL")).toBe("pl");
    expect(toLocale("pt")).toBeNull();
    expect(toLocale("")).toBeNull();
    expect(toLocale(null)).toBeNull();
    expect(languageChoices({ ...base, detectedCountry: "GB", browserLanguage: "xx" })).toEqual(["en"]);
  });

  it("reads the country chosen on /lang-config from its cookie (two letters only)", () => {
    expect(selectedCountry("locale=nl; country=be")).toBe("BE");
    expect(selectedCountry("country=BEL")).toBeNull();
    expect(selectedCountry("country=%3Cb%3E")).toBeNull();
    expect(selectedCountry("")).toBeNull();
  });
});

describe("the country a sign-up form starts with", () => {
  const offered = Object.keys(LANGUAGES_BY_COUNTRY);
  it("the country chosen on /lang-config, else the visitor's address's, else the one country of the language", () => {
    expect(signupCountryGuess({ selectedCountry: "be", detectedCountry: "DE", locale: "en" }, offered)).toBe("BE");
    expect(signupCountryGuess({ selectedCountry: null, detectedCountry: "DE", locale: "fr" }, offered)).toBe("DE");
    expect(signupCountryGuess({ selectedCountry: null, detectedCountry: null, locale: "fr" }, offered)).toBe("FR");
    expect(signupCountryGuess({ selectedCountry: null, detectedCountry: "JP", locale: "pl" }, offered)).toBe("PL");
  });
  it("no guess for English, spoken in several countries, when nothing else is known: the visitor chooses", () => {
    expect(signupCountryGuess({ selectedCountry: null, detectedCountry: null, locale: "en" }, offered)).toBeNull();
    expect(signupCountryGuess({ selectedCountry: "XX", detectedCountry: "JP", locale: "en" }, offered)).toBeNull();
  });
});
