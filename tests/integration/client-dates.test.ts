import { describe, expect, it } from "vitest";
import { ageOn, datePartOrder, datePartsOf, formatWhen, isoDateOf, monthNames } from "../../client/lib/dates.js";

/** Issue 11 copy: a moment of today reads as a time, an earlier one as a date (client/lib/dates.ts). No database. */
describe("formatWhen", () => {
  const now = new Date(2026, 10, 23, 18, 30);
  it("today: the time only", () => {
    expect(formatWhen(new Date(2026, 10, 23, 9, 5), "en-GB", now)).toBe("09:05");
    expect(formatWhen(new Date(2026, 10, 23, 0, 0), "de", now)).toBe("00:00");
  });
  it("yesterday and before: the date only", () => {
    expect(formatWhen(new Date(2026, 10, 22, 23, 59), "en-GB", now)).toBe("22/11/2026");
    expect(formatWhen(new Date(2025, 10, 23, 9, 5), "de", now)).toBe("23.11.25");
  });
});

/** The date of birth as three parts (client/components/ui/date-of-birth-field.tsx; §3, §5). No database. */
describe("date of birth parts", () => {
  it("orders day, month and year as each of the seven languages writes a date", () => {
    expect(datePartOrder("en")).toEqual(["month", "day", "year"]);
    for (const locale of ["de", "fr", "nl", "pl", "it", "es"])
      expect(datePartOrder(locale), locale).toEqual(["day", "month", "year"]);
  });
  it("names the months in the page's language, January first", () => {
    expect(monthNames("de")).toHaveLength(12);
    expect(monthNames("de")[2]).toBe("März");
    expect(monthNames("pl")[9]).toBe("październik");
    expect(monthNames("en")[11]).toBe("December");
  });
  it("makes an ISO date only of a date that exists", () => {
    expect(isoDateOf({ day: "5", month: "6", year: "1991" })).toBe("1991-06-05");
    expect(isoDateOf({ day: "29", month: "2", year: "2000" })).toBe("2000-02-29");
    expect(isoDateOf({ day: "", month: "", year: "" })).toBe("");
    expect(isoDateOf({ day: "29", month: "2", year: "2001" })).toBe("invalid");
    expect(isoDateOf({ day: "31", month: "4", year: "1990" })).toBe("invalid");
    expect(isoDateOf({ day: "0", month: "1", year: "1990" })).toBe("invalid");
    expect(isoDateOf({ day: "1", month: "13", year: "1990" })).toBe("invalid");
    expect(isoDateOf({ day: "1", month: "1", year: "90" })).toBe("invalid");
    expect(isoDateOf({ day: "1", month: "1", year: "0090" })).toBe("invalid");
    expect(isoDateOf({ day: "1", month: "", year: "1990" })).toBe("invalid");
  });
  it("reads an ISO date back into its parts, and nothing else", () => {
    expect(datePartsOf("1991-06-05")).toEqual({ day: "5", month: "6", year: "1991" });
    expect(datePartsOf("invalid")).toEqual({ day: "", month: "", year: "" });
    expect(datePartsOf(undefined)).toEqual({ day: "", month: "", year: "" });
    expect(isoDateOf(datePartsOf("1980-12-31"))).toBe("1980-12-31");
  });
  it("counts whole years, a birthday counting from its own day", () => {
    const now = new Date(2026, 10, 29, 12, 0);
    expect(ageOn("2008-11-29", now)).toBe(18);
    expect(ageOn("2008-11-30", now)).toBe(17);
    expect(ageOn("1990-12-01", now)).toBe(35);
  });
});
