import { describe, expect, it } from "vitest";
import { sameSitePath } from "../../client/lib/same-site-path.js";

/** The `next` page followed after login (client/lib/same-site-path.ts): paths of this site only. */
describe("sameSitePath", () => {
  it("keeps a path of this site, with its query", () => {
    expect(sameSitePath("/likes")).toBe("/likes");
    expect(sameSitePath("/members/12?tab=photos")).toBe("/members/12?tab=photos");
  });

  it.each([
    null,
    "",
    "likes",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\\/evil.example",
    "/x\u0000",
  ])("refuses %j (another site, as a browser reads it)", (next) => {
    expect(sameSitePath(next)).toBeNull();
  });
});
