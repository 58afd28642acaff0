import { describe, expect, it } from "vitest";
import { stringifyCookie } from "cookie";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { signupFields } from "../support/factories.js";
import {
  hasTrafficSource,
  parseTrafficSource,
  TRACKING_COOKIE_NAME,
} from "../../server/features/tracking/tracking.service.js";

/**
 * §2 tracking parameters, §3 "Tracking record (cookie): network, ref, sub1, sub2, sub3" (issue 11):
 * the server reads the `tracking` cookie with the same bounds as the client that wrote it, and
 * stores the record on the account created by a signup carrying it.
 */
const t = useTestServer();

async function storedTrafficSource(userId: number) {
  const row = await t.server.deps.db
    .selectFrom("users")
    .select("traffic_source")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.traffic_source;
}

describe("the tracking record", () => {
  it("keeps only the five keys with safe values of at most 100 characters", () => {
    expect(parseTrafficSource("network=affnet&ref=abc-1&sub1=x_y&sub2=a.b&sub3=c~d&other=z")).toEqual({
      network: "affnet",
      ref: "abc-1",
      sub1: "x_y",
      sub2: "a.b",
      sub3: "c~d",
    });
    expect(parseTrafficSource(`network=${"a".repeat(100)}`)).toEqual({ network: "a".repeat(100) });
    expect(parseTrafficSource(`network=${"a".repeat(101)}`)).toBeNull();
    expect(parseTrafficSource("network=<script>&ref=ok")).toEqual({ ref: "ok" });
    expect(parseTrafficSource("ref=a b")).toBeNull();
    expect(parseTrafficSource("")).toBeNull();
    expect(parseTrafficSource(null)).toBeNull();
    expect(parseTrafficSource("x".repeat(2000))).toBeNull();
    // §4 "a traffic source exists": a network or a ref; sub-ids alone are kept but are no source.
    expect(hasTrafficSource({ sub1: "x" })).toBe(false);
    expect(hasTrafficSource({ network: "n" })).toBe(true);
    expect(hasTrafficSource({ ref: "r", sub1: "x" })).toBe(true);
    expect(parseTrafficSource("sub1=x")).toEqual({ sub1: "x" });
    expect(hasTrafficSource({})).toBe(false);
    expect(hasTrafficSource(null)).toBe(false);
  });

  it("is stored on the account of a signup that carries the cookie", async () => {
    const visitor = new TestBrowser(t.server);
    // As the browser sends it: the cookie package percent-encodes the whole query string.
    const header = stringifyCookie({ [TRACKING_COOKIE_NAME]: "network=affnet&ref=r42&sub1=click-9&sub3=zz" });
    visitor.cookies.set(TRACKING_COOKIE_NAME, header.slice(TRACKING_COOKIE_NAME.length + 1));
    const user = await visitor.trpc.accounts.signup.mutate(signupFields());
    expect(await storedTrafficSource(user.id)).toEqual({ network: "affnet", ref: "r42", sub1: "click-9", sub3: "zz" });
  });

  it("is null on an account signed up without it, or with a cookie holding nothing valid", async () => {
    const plain = await new TestBrowser(t.server).trpc.accounts.signup.mutate(signupFields());
    expect(await storedTrafficSource(plain.id)).toBeNull();
    const junk = new TestBrowser(t.server);
    junk.cookies.set(TRACKING_COOKIE_NAME, encodeURIComponent("network=%3Cb%3E&evil=1"));
    const user = await junk.trpc.accounts.signup.mutate(signupFields());
    expect(await storedTrafficSource(user.id)).toBeNull();
  });
});
