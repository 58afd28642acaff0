import http from "node:http";
import { TestBrowser } from "../../support/client.js";
import { assertDocumented } from "./openapi.js";

export interface LegacyAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  setCookie: string[];
}

export interface CallOptions {
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body with its content type. */
  raw?: { body: string; contentType: string };
  headers?: Record<string, string>;
}

/**
 * Call a legacy endpoint as `browser` (its cookie jar), and check the answer against the
 * OpenAPI document: every answer a contract test gets is validated.
 */
export async function call<T = any>(
  browser: TestBrowser,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<LegacyAnswer<T>> {
  const url = new URL(path, browser.server.url);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.raw) {
    headers["content-type"] = opts.raw.contentType;
    body = opts.raw.body;
  }
  // fetch cannot set Host: a request for another site's host goes through node:http.
  const res = headers.host
    ? await viaHttp(
        url,
        method,
        { ...headers, ...(browser.cookies.size ? { cookie: browser.cookieHeader() } : {}) },
        body,
      )
    : await browser.fetch(url.pathname + url.search, { method, headers, body });
  const text = await res.text();
  const contentType = res.headers.get("content-type");
  const parsed = text && contentType?.startsWith("application/json") ? JSON.parse(text) : text || null;
  assertDocumented(method, url.pathname, res.status, contentType, parsed);
  return { status: res.status, body: parsed as T, headers: res.headers, setCookie: browser.lastSetCookie };
}

/** A visitor's browser, or a member's (logged in through the legacy login). */
export function visitor(server: TestBrowser["server"]): TestBrowser {
  return new TestBrowser(server);
}

export async function legacyLogin(
  server: TestBrowser["server"],
  member: { email: string; password: string },
): Promise<TestBrowser> {
  const b = new TestBrowser(server);
  const r = await call(b, "POST", "/api/user.php", { json: { email: member.email, password: member.password } });
  if (r.status !== 200) throw new Error(`legacy login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return b;
}

function viaHttp(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) h.append(k, String(one));
        }
        const status = res.statusCode ?? 0;
        const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(payload, { status, headers: h }));
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}
