import http from "node:http";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";
import { useTestServer } from "../support/server.js";
import { TestBrowser, rawUpgrade } from "../support/client.js";
import { createMember, signupFields } from "../support/factories.js";

/**
 * The edge (ARCHITECTURE "The edge", issue: path encoding, links from the Host header, headers):
 * every check sees the path that is routed, links come from configuration, operators' endpoints
 * are not public.
 */
const t = useTestServer();

/** A raw HTTP request with exactly these headers (Node's fetch drops a Host header you set). */
function rawRequest(
  url: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, method: opts.method ?? "GET", path: opts.path, headers: opts.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

async function loggedIn() {
  const m = await createMember(t.server.deps);
  const browser = TestBrowser.withSession(t.server, m);
  return { m, browser, cookie: `auth=${m.sessionToken}` };
}

/** Whether the session still works: the member's own account over tRPC. */
async function stillLoggedIn(browser: TestBrowser) {
  const me = await browser.trpc.accounts.me.query();
  return me !== null;
}

describe("checks look at the routed path, whatever its encoding", () => {
  // Each of these is either routed to /trpc (and so checked as /trpc) or not routed at all.
  const trpcSpellings = ["/%74rpc", "/%74%72%70%63", "/tr%70c", "/TRPC", "//trpc", "/%2574rpc", "/trpc/"];

  it.each(trpcSpellings)("a WebSocket to %s with a foreign Origin never opens", async (spelling) => {
    const { cookie } = await loggedIn();
    const url = t.server.wsUrl.replace(/\/trpc$/, spelling);
    const { status, socket } = await rawUpgrade(url, { origin: "https://evil.example", cookie }).catch(() => ({
      status: 0,
      socket: null,
    }));
    socket?.close();
    expect(status, `upgrade to ${spelling}`).not.toBe(101);
  });

  it("a form POST to /%74rpc/accounts.logout is refused as JSON-only (415) and the session lives on", async () => {
    const { browser, cookie } = await loggedIn();
    const boundary = "x" + crypto.randomBytes(6).toString("hex");
    for (const path of ["/%74rpc/accounts.logout", "/trpc/%61ccounts.logout", "/%74rpc/accounts.logout?batch=1"]) {
      const res = await rawRequest(t.server.url, {
        method: "POST",
        path,
        headers: {
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          origin: "https://evil.example",
        },
        body: `--${boundary}--\r\n`,
      });
      expect(res.status, path).toBe(415);
    }
    const plain = await rawRequest(t.server.url, {
      method: "POST",
      path: "/%74rpc/accounts.logout",
      headers: { cookie, "content-type": "text/plain" },
      body: "{}",
    });
    expect(plain.status).toBe(415);
    expect(await stillLoggedIn(browser)).toBe(true);
  });

  it("a JSON mutation from another site's page is refused (403) and the session lives on; our own pages' pass", async () => {
    const { browser, cookie } = await loggedIn();
    const json = { cookie, "content-type": "application/json" };
    const foreign: Array<Record<string, string>> = [
      { ...json, origin: "https://evil.example" },
      { ...json, "sec-fetch-site": "cross-site" },
      { ...json, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign)
      for (const path of ["/trpc/accounts.logout", "/%74rpc/accounts.logout"]) {
        const res = await rawRequest(t.server.url, { method: "POST", path, headers, body: "{}" });
        expect([path, headers, res.status]).toEqual([path, headers, 403]);
      }
    expect(await stillLoggedIn(browser)).toBe(true);
    // From the site's own page, with the media type in any case (RFC 9110), the call runs.
    const own = await rawRequest(t.server.url, {
      method: "POST",
      path: "/trpc/accounts.logout",
      headers: { cookie, "content-type": "APPLICATION/JSON; charset=UTF-8", origin: t.server.origin },
      body: "{}",
    });
    expect(own.status).toBe(200);
    expect(await stillLoggedIn(browser)).toBe(false);
  });

  it("a request in absolute form (RFC 9112 3.2.2, as proxies send) is routed, and checked, as its path", async () => {
    const { m, browser, cookie } = await loggedIn();
    const absolute = (path: string) => new URL(path, t.server.url).href;
    const own = await rawRequest(t.server.url, { path: absolute("/trpc/accounts.me"), headers: { cookie } });
    expect(own.status).toBe(200);
    expect((JSON.parse(own.body) as { result: { data: { id: number } } }).result.data.id).toBe(m.id);
    const unknown = await rawRequest(t.server.url, {
      path: absolute("/trpc/no-such..procedure!"),
      headers: { cookie },
    });
    expect(unknown.status).toBe(404);
    for (const path of ["/trpc/accounts.logout", "/%74rpc/accounts.logout"]) {
      const foreign = await rawRequest(t.server.url, {
        method: "POST",
        path: absolute(path),
        headers: { cookie, "content-type": "application/json", origin: "https://evil.example" },
        body: "{}",
      });
      expect([path, foreign.status]).toEqual([path, 403]);
    }
    expect(await stillLoggedIn(browser)).toBe(true);
  });

  it("a legacy call whose Host header names no host is a bad request (400), as on tRPC", async () => {
    for (const host of ["ex ample.com", "a@b", "[zz"]) {
      const res = await rawRequest(t.server.url, { path: "/api/settings.php", headers: { host } });
      expect([host, res.status]).toEqual([host, 400]);
    }
    const fine = await rawRequest(t.server.url, { path: "/api/settings.php", headers: { host: "localhost:3000" } });
    expect(fine.status).toBe(200);
  });

  it("a body in a content coding the server does not decode is refused with 415 (RFC 9110 15.5.16), not read as malformed", async () => {
    const { browser, cookie } = await loggedIn();
    const body = zlib.gzipSync(JSON.stringify({ language: "de" }));
    const headers = { cookie, origin: t.server.origin, "content-type": "application/json", "content-encoding": "gzip" };
    for (const [method, path] of [
      ["PUT", "/api/user.php"],
      ["POST", "/trpc/accounts.logout"],
    ] as const) {
      const res = await rawRequest(t.server.url, { method, path, headers, body });
      expect([path, res.status]).toEqual([path, 415]);
    }
    expect(await stillLoggedIn(browser)).toBe(true);
  });

  it("an address asked with a method it does not take answers 405 with Allow (RFC 9110 15.5.6)", async () => {
    const { cookie } = await loggedIn();
    const patch = await rawRequest(t.server.url, { method: "PATCH", path: "/api/user.php", headers: { cookie } });
    expect(patch.status).toBe(405);
    expect(patch.headers.allow?.split(", ")).toEqual(expect.arrayContaining(["GET", "HEAD", "POST", "PUT"]));
    expect(patch.headers.allow).not.toContain("PATCH");
    const post = await rawRequest(t.server.url, { method: "POST", path: "/api/%63hats.php", headers: { cookie } });
    expect([post.status, post.headers.allow]).toEqual([405, "GET, HEAD"]);
    expect((await rawRequest(t.server.url, { method: "PATCH", path: "/api/no-such.php" })).status).toBe(404);
  });

  it("a cross-site GET /api/%6cogout.php is refused (403) and the session lives on", async () => {
    const { browser, cookie } = await loggedIn();
    for (const path of ["/api/%6cogout.php", "/api/logout%2ephp", "/%61pi/logout.php"]) {
      const res = await rawRequest(t.server.url, { path, headers: { cookie, "sec-fetch-site": "cross-site" } });
      expect(res.status, path).toBe(403);
    }
    expect(await stillLoggedIn(browser)).toBe(true);
    // The same request from our own pages logs out.
    const own = await rawRequest(t.server.url, {
      path: "/api/%6cogout.php",
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(own.status).toBe(200);
    expect(await stillLoggedIn(browser)).toBe(false);
  });

  it("a GET /api/logout.php from a page of a sibling host (Sec-Fetch-Site: same-site, no Origin) is refused", async () => {
    const { browser, cookie } = await loggedIn();
    const res = await rawRequest(t.server.url, {
      path: "/api/logout.php",
      headers: { cookie, "sec-fetch-site": "same-site" },
    });
    expect(res.status).toBe(403);
    expect(await stillLoggedIn(browser)).toBe(true);
  });
});

describe("conditional polls", () => {
  it("a poll's ETag names the host asked: a tag taken on one site's host is not Not Modified on another's", async () => {
    const { cookie } = await loggedIn();
    const host = new URL(t.server.url).host;
    const first = await rawRequest(t.server.url, { path: "/api/user.php", headers: { cookie, host } });
    const etag = first.headers.etag!;
    expect(first.status).toBe(200);
    const again = await rawRequest(t.server.url, {
      path: "/api/user.php",
      headers: { cookie, host, "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    const elsewhere = await rawRequest(t.server.url, {
      path: "/api/user.php",
      headers: { cookie, host: "other-site.example", "if-none-match": etag },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("a Host header that names no host", () => {
  it("is answered 400 on tRPC, not a 500 with an error logged; a real host still works", async () => {
    const { cookie } = await loggedIn();
    for (const host of ["a b", "[", "a:99999", "user@evil.example", "x y:1"]) {
      const res = await rawRequest(t.server.url, { path: "/trpc/accounts.me", headers: { cookie, host } });
      expect(res.status, host).toBe(400);
    }
    const ok = await rawRequest(t.server.url, {
      path: "/trpc/accounts.me",
      headers: { cookie, host: new URL(t.server.url).host },
    });
    expect(ok.status).toBe(200);
  });
});

describe("links in mails come from the configured site, never from the Host header", () => {
  it("a signup sent with Host: evil.example mails a link to the site's own origin", async () => {
    const fields = signupFields();
    const port = new URL(t.server.url).port;
    const res = await rawRequest(t.server.url, {
      method: "POST",
      path: "/trpc/accounts.signup",
      headers: { host: "evil.example", "content-type": "application/json" },
      body: JSON.stringify(fields),
    });
    expect(res.status).toBe(200);
    const mail = t.server.mailer.sent.findLast((m) => m.to === fields.email);
    expect(mail?.text).toMatch(/\/activate\?token=/);
    expect(mail!.text).not.toContain("evil.example");
    // The default site without PUBLIC_ORIGIN: http://localhost:<PORT> (PORT is 0 in tests).
    const links = [...mail!.text.matchAll(/https?:\/\/[^\s/"'<>]+/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toBe(`http://localhost:${t.server.deps.config.PORT}`);
    expect(port).not.toBe("");
  });
});

describe("operators' endpoints and security headers", () => {
  it("/metrics and /readyz details answer only to allowed addresses or with the token", async () => {
    // Loopback is allowed by default.
    const local = await fetch(`${t.server.url}/metrics`);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain("ws_connections_open");
    const readyLocal = (await (await fetch(`${t.server.url}/readyz`)).json()) as Record<string, unknown>;
    expect(readyLocal).toMatchObject({ status: "ready", database: "ok" });
  });
});

describe("with PUBLIC_ORIGIN, METRICS_ALLOW and METRICS_TOKEN set", () => {
  const s = useTestServer({
    env: {
      PUBLIC_ORIGIN: "https://amora.example",
      METRICS_ALLOW: "10.9.8.0/24",
      METRICS_TOKEN: "operators-token-0123456789",
    },
  });

  it("an address outside METRICS_ALLOW gets 403 on /metrics and only the status on /readyz; the token opens both", async () => {
    expect((await fetch(`${s.server.url}/metrics`)).status).toBe(403);
    const ready = (await (await fetch(`${s.server.url}/readyz`)).json()) as Record<string, unknown>;
    expect(ready).toEqual({ status: "ready" });
    expect(
      (await fetch(`${s.server.url}/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789xx" } }))
        .status,
    ).toBe(403);
    const auth = { authorization: "Bearer operators-token-0123456789" };
    expect((await fetch(`${s.server.url}/metrics`, { headers: auth })).status).toBe(200);
    expect(await (await fetch(`${s.server.url}/readyz`, { headers: auth })).json()).toMatchObject({
      status: "ready",
      database: "ok",
    });
    // /healthz stays open.
    expect((await fetch(`${s.server.url}/healthz`)).status).toBe(200);
  });

  it("CSP connect-src names only the site's own origin; links in mails use it", async () => {
    const res = await fetch(`${s.server.url}/healthz`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(connect.sort()).toEqual(["'self'", "https://amora.example", "wss://amora.example"].sort());
    const fields = signupFields();
    await rawRequest(s.server.url, {
      method: "POST",
      path: "/trpc/accounts.signup",
      headers: { host: "evil.example", "content-type": "application/json", origin: "https://amora.example" },
      body: JSON.stringify(fields),
    });
    const mail = s.server.mailer.sent.findLast((m) => m.to === fields.email);
    expect(mail?.text).toContain("https://amora.example/activate?token=");
  });

  it("a site whose public origin is https is https: Secure cookies and HSTS (a browser ignores HSTS over http)", async () => {
    expect(s.server.deps.config.COOKIE_SECURE).toBe(true);
    expect((await fetch(`${s.server.url}/healthz`)).headers.get("strict-transport-security")).toMatch(/max-age/);
  });
});

describe("HSTS without an https origin", () => {
  const s = useTestServer();
  it("is not sent over plain http", async () => {
    expect((await fetch(`${s.server.url}/healthz`)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("HSTS behind an https proxy", () => {
  const s = useTestServer({ env: { TRUST_PROXY: "1" } });
  it("is sent when the trusted proxy says https, not otherwise", async () => {
    const https = await fetch(`${s.server.url}/healthz`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    expect((await fetch(`${s.server.url}/healthz`)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("behind one proxy (TRUST_PROXY=1)", () => {
  const s = useTestServer({ env: { TRUST_PROXY: "1", METRICS_ALLOW: "10.9.8.0/24" } });

  it("the client address is the one the proxy added: an X-Forwarded-For the client wrote itself is not believed", async () => {
    // nginx appends the address it saw ($proxy_add_x_forwarded_for) to what the client sent.
    const forged = await fetch(`${s.server.url}/metrics`, { headers: { "x-forwarded-for": "10.9.8.7, 203.0.113.7" } });
    expect(forged.status).toBe(403);
    const fromInside = await fetch(`${s.server.url}/metrics`, { headers: { "x-forwarded-for": "10.9.8.7" } });
    expect(fromInside.status).toBe(200);
  });

  it("a production server does not start on the test-mode checkout unless it is named (PAYMENT_PROVIDER)", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "simulated" }).PAYMENT_PROVIDER).toBe("simulated");
    expect(loadConfig({ NODE_ENV: "development" }).PAYMENT_PROVIDER).toBeUndefined();
  });

  it("mail comes from the site's name at no-reply@ its public host unless MAIL_FROM says otherwise", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://www.amora.example,https://amora.example" }).MAIL_FROM).toBe(
      "Amora <no-reply@www.amora.example>",
    );
    expect(loadConfig({}).MAIL_FROM).toBe("Amora <no-reply@localhost>");
    expect(loadConfig({ MAIL_FROM: "Team <team@example.com>" }).MAIL_FROM).toBe("Team <team@example.com>");
  });

  it("TRUST_PROXY is a number of proxies or their addresses; 'true' (every hop) is refused", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.2" }).TRUST_PROXY).toBe("10.0.0.0/8, 192.168.1.2");
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example" })).toThrow(/IP addresses or CIDR ranges/);
  });
});

describe("the Origin of our own pages, scheme included (without PUBLIC_ORIGIN)", () => {
  const https = useTestServer({ env: { COOKIE_SECURE: "true" } });

  it("a site served over https takes changes from its https pages only, not from a plain-http page on its host", async () => {
    const m = await createMember(https.server.deps);
    const cookie = `auth=${m.sessionToken}`;
    const host = new URL(https.server.url).host;
    const setLanguage = (origin: string, language: string) =>
      rawRequest(https.server.url, {
        method: "PUT",
        path: "/api/user.php",
        headers: { cookie, origin, "content-type": "application/json" },
        body: JSON.stringify({ language }),
      });
    expect((await setLanguage(`http://${host}`, "nl")).status).toBe(403);
    expect((await setLanguage(`https://${host}`, "de")).status).toBe(200);
    const account = await TestBrowser.withSession(https.server, m).trpc.accounts.me.query();
    expect(account?.language).toBe("de");
    // The WebSocket upgrade likewise.
    const wsUrl = https.server.wsUrl;
    const plain = await rawUpgrade(wsUrl, { origin: `http://${host}`, cookie });
    plain.socket?.close();
    expect(plain.status).toBe(403);
    const secure = await rawUpgrade(wsUrl, { origin: `https://${host}`, cookie });
    secure.socket?.close();
    expect(secure.status).toBe(101);
  });

  it("a site served over plain http takes changes from the pages of its host, http or https", async () => {
    const m = await createMember(t.server.deps);
    const host = new URL(t.server.url).host;
    for (const origin of [`http://${host}`, `https://${host}`]) {
      const res = await rawRequest(t.server.url, {
        method: "PUT",
        path: "/api/user.php",
        headers: { cookie: `auth=${m.sessionToken}`, origin, "content-type": "application/json" },
        body: JSON.stringify({ language: "fr" }),
      });
      expect(res.status, origin).toBe(200);
    }
  });
});

describe("what a browser keeps of a member's answers", () => {
  it("tRPC answers are never stored; a logout empties this origin's HTTP cache; powerful features are off", async () => {
    const { browser } = await loggedIn();
    const me = await browser.fetch("/trpc/accounts.me");
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    expect(me.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(me.headers.get("permissions-policy")).toMatch(/geolocation=\(self\)/);
    await me.arrayBuffer();
    const logout = await browser.fetch("/trpc/accounts.logout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("clear-site-data")).toBe('"cache"');
    await logout.arrayBuffer();
    // The legacy logout likewise.
    const other = (await loggedIn()).browser;
    const legacy = await other.fetch("/api/logout.php");
    expect(legacy.headers.get("clear-site-data")).toBe('"cache"');
    await legacy.arrayBuffer();
  });
});
