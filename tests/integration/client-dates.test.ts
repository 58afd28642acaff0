import { describe, expect, it } from "vitest";
import { formatWhen } from "../../client/lib/dates.js";

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
