import { describe, expect, it } from "vitest";
import { byCountryName, countryName, dateTimeFormat, regionNames } from "../../client/lib/intl.js";

/** Issue 11: the shared Intl formatters (client/lib/intl.ts) name and sort countries as a member reads them. No database. */
describe("client Intl formatters", () => {
  it("names a country in the member's language, and keeps an unknown or malformed code as sent", () => {
    expect(countryName("NL", "en")).toBe("Netherlands");
    expect(countryName("NL", "de")).toBe("Niederlande");
    expect(countryName("1x!", "en")).toBe("1x!");
  });

  it("sorts country options by their names in the member's language", () => {
    expect(byCountryName(["NL", "AT", "DE"], "en").map((c) => c.name)).toEqual(["Austria", "Germany", "Netherlands"]);
    // German collation: Ö sorts with O, after N.
    expect(byCountryName(["AT", "NL", "DE"], "de").map((c) => c.code)).toEqual(["DE", "NL", "AT"]);
  });

  it("builds one formatter per locale and options, and a new one when either changes", () => {
    expect(regionNames("fr")).toBe(regionNames("fr"));
    expect(regionNames("fr")).not.toBe(regionNames("it"));
    expect(dateTimeFormat("en-GB", { timeStyle: "short" })).toBe(dateTimeFormat("en-GB", { timeStyle: "short" }));
    expect(dateTimeFormat("en-GB", { dateStyle: "short" }).format(new Date(2026, 10, 26))).toBe("26/11/2026");
  });
});
