import { createTRPCClient, createWSClient, httpLink, wsLink, type TRPCClient } from "@trpc/client";
import WebSocket from "ws";
import type { AppRouter } from "../../server/router.js";
import type { TestServer } from "./server.js";

/**
 * A browser-like visitor of a test server: a cookie jar, a tRPC client over HTTP, and tRPC
 * clients over a real WebSocket that send the jar's cookies and the site's Origin on the
 * upgrade (as a page of the site would).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Set-Cookie headers of the last HTTP answer. */
  lastSetCookie: string[] = [];
  readonly trpc: TRPCClient<AppRouter>;
  private sockets: Array<{ close(): void }> = [];

  constructor(readonly server: Pick<TestServer, "url" | "wsUrl" | "origin">) {
    this.trpc = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${server.url}/trpc`,
          fetch: (input, init) => this.fetch(String(input instanceof Request ? input.url : input), init),
        }),
      ],
    });
  }

  /** Log in as a member created by the factories (or any member). */
  static async loggedIn(server: TestServer, member: { email: string; password: string }): Promise<TestBrowser> {
    const b = new TestBrowser(server);
    await b.trpc.accounts.login.mutate({ email: member.email, password: member.password });
    return b;
  }

  /** Start as `member`'s existing session (its auth cookie), without logging in again. */
  static withSession(server: TestServer, member: { sessionToken: string }): TestBrowser {
    const b = new TestBrowser(server);
    b.cookies.set("auth", member.sessionToken);
    return b;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** fetch with the jar: sends the cookies, stores Set-Cookie (Max-Age=0 deletes). */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    const res = await fetch(url.startsWith("http") ? url : `${this.server.url}${url}`, { ...init, headers });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * A tRPC client over one real WebSocket (the `ws` package), authenticated by the jar's
   * cookies on the upgrade request. `origin` defaults to the site's own.
   */
  openSocket(
    opts: { origin?: string; retryDelayMs?: number; onClose?: (code?: number) => void; onOpen?: () => void } = {},
  ) {
    const headers: Record<string, string> = { origin: opts.origin ?? this.server.origin };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    class CookieWebSocket extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers });
      }
    }
    const wsClient = createWSClient({
      url: this.server.wsUrl,
      WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
      retryDelayMs: () => opts.retryDelayMs ?? 50,
      onClose: (cause) => opts.onClose?.(cause?.code),
      onOpen: () => opts.onOpen?.(),
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const handle = {
      client,
      wsClient,
      close: () => wsClient.close(),
    };
    this.sockets.push(handle);
    return handle;
  }

  /** Close every socket this browser opened. */
  async closeSockets(): Promise<void> {
    await Promise.all(this.sockets.map((s) => Promise.resolve(s.close())));
    this.sockets = [];
  }
}

export interface LiveEventEnvelope {
  id: string;
  data: { type: string; [k: string]: unknown };
}

/**
 * Subscribe to live.events and collect what arrives.
 * @param lastEventId resume after this id (pass the member's current last_event_seq to start "now" without a race).
 */
export function collectLiveEvents(client: TRPCClient<AppRouter>, lastEventId: string | null) {
  const events: LiveEventEnvelope[] = [];
  const errors: unknown[] = [];
  let started = false;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  const sub = client.live.events.subscribe(
    { lastEventId },
    {
      onStarted: () => {
        started = true;
        notify();
      },
      onData: (d) => {
        events.push(d as unknown as LiveEventEnvelope);
        notify();
      },
      onError: (err) => {
        errors.push(err);
        notify();
      },
    },
  );
  async function until(cond: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    if (cond()) return;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (cond()) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        } else if (errors.length) {
          clearTimeout(timer);
          waiters.delete(check);
          reject(errors[0]);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(events.map((e) => [e.id, e.data.type]))}`,
          ),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }
  return {
    events,
    errors,
    get started() {
      return started;
    },
    waitStarted: (timeoutMs?: number) => until(() => started, "the subscription to start", timeoutMs),
    /** Wait until at least `n` events arrived. */
    waitForCount: (n: number, timeoutMs?: number) => until(() => events.length >= n, `${n} events`, timeoutMs),
    waitFor: (pred: (e: LiveEventEnvelope) => boolean, what = "an event", timeoutMs?: number) =>
      until(() => events.some(pred), what, timeoutMs),
    unsubscribe: () => sub.unsubscribe(),
  };
}

/** The member's newest live event id: subscribe with it to get exactly what comes next. */
export async function lastEventIdOf(server: Pick<TestServer, "deps">, userId: number): Promise<string> {
  const row = await server.deps.db
    .selectFrom("users")
    .select("last_event_seq")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return String(row.last_event_seq);
}

/**
 * A raw WebSocket upgrade to `wsUrl` (the server's /trpc, or another route) with the given headers.
 * @returns the HTTP status of the upgrade answer (101 when accepted) and the socket when open.
 */
export function rawUpgrade(
  wsUrl: string,
  headers: Record<string, string>,
): Promise<{ status: number; socket: WebSocket | null }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { headers });
    socket.once("unexpected-response", (_req, res) => {
      resolve({ status: res.statusCode ?? 0, socket: null });
      res.resume();
      socket.terminate();
    });
    socket.once("open", () => resolve({ status: 101, socket }));
    socket.once("error", (err) => reject(err));
  });
}
