import { createTRPCReact } from "@trpc/react-query";
import {
  createWSClient,
  httpBatchLink,
  retryLink,
  splitLink,
  wsLink,
  TRPCClientError,
  type TRPCLink,
} from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { AppRouter } from "../../server/router";
import { RETRY_BASE_DELAY_MS, RETRY_COUNT, RETRY_MAX_DELAY_MS } from "./constants";
import { reconnectDelayMs } from "./reconnect";

/** The typed tRPC hooks. The client knows the server only through `AppRouter`'s type. */
export const trpc = createTRPCReact<AppRouter>();

export type { AppRouter };
export type RouterError = TRPCClientError<AppRouter>;

/**
 * The calls sent on the WebSocket while it is open (issue 12): the chat's own calls, several a
 * minute in a conversation, each cost the server a frame on a connection it already
 * authenticated instead of an HTTP request and its cookie parsing (the send re-checks the
 * session in its statement, chat_send_checked; the others look the socket's session up again).
 * While the socket is closed they go over HTTP as every other call. A message that the closing
 * socket fails is retried by the composer with the same client id, so it is never sent or
 * charged twice (ARCHITECTURE "Money"); a typing hint is ephemeral, and a lost read mark is made
 * again when the chat is next opened or receives a message.
 */
const SOCKET_CALLS: ReadonlySet<string> = new Set(["chats.send", "chats.sendGift", "chats.typing", "chats.markRead"]);

/**
 * One tRPC client and its WebSocket. Subscriptions and, while the socket is open, chat messages
 * (SOCKET_CALLS) go over the socket; everything else over HTTP (batched). The socket is opened
 * lazily, only while a subscription runs, and carries the `auth` cookie of the moment it
 * opened: after login or logout, make a new pair (see TrpcProvider) so the socket is
 * authenticated as the new member, or not at all.
 */
export function makeTrpcClients(onConnectionChange: (open: boolean) => void, onAuthRequired: () => void = () => {}) {
  const wsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/trpc`;
  let socketOpen = false;
  const wsClient = createWSClient({
    url: wsUrl,
    lazy: { enabled: true, closeMs: 10_000 },
    keepAlive: { enabled: true, intervalMs: 20_000, pongTimeoutMs: 5_000 },
    retryDelayMs: reconnectDelayMs, // jittered: a restart's thousands of sockets do not return at once
    onOpen: () => {
      socketOpen = true;
      onConnectionChange(true);
    },
    onClose: () => {
      socketOpen = false;
      onConnectionChange(false);
    },
  });
  const trpcClient = trpc.createClient({
    links: [
      authRequiredLink(onAuthRequired),
      // §7: the one place failed requests are retried (never per hook): reads only, up to 5 times.
      retryLink({
        retry: ({ op, error, attempts }) => op.type === "query" && shouldRetry(attempts - 1, error),
        retryDelayMs: retryDelayMs,
      }),
      splitLink({
        condition: (op) => op.type === "subscription" || (socketOpen && SOCKET_CALLS.has(op.path)),
        true: wsLink({ client: wsClient }),
        false: httpBatchLink({ url: "/trpc", maxURLLength: 4000 }),
      }),
    ],
  });
  return { wsClient, trpcClient };
}

/** The application error code the server attached (server/domain-error.ts), if any. */
export function appCodeOf(err: unknown): string | null {
  if (err instanceof TRPCClientError) {
    const data = (err as TRPCClientError<AppRouter>).data as { appCode?: string | null } | undefined;
    return data?.appCode ?? null;
  }
  return null;
}

/** §7 exponential delay before retry number `attempt` (1 = the first retry): 0.5 s, 1 s, 2 s, … capped. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_DELAY_MS);
}

/** §4, §8: a 403 with authentication_required (the session ended on the server). */
export function isAuthenticationRequired(err: unknown): boolean {
  if (!(err instanceof TRPCClientError)) return false;
  const data = err.data as { httpStatus?: number; appCode?: string | null } | undefined;
  return data?.httpStatus === 403 && (data.appCode ?? "AUTHENTICATION_REQUIRED") === "AUTHENTICATION_REQUIRED";
}

/**
 * §4 "A 403 with authentication_required (not from the user fetch) logs a logged-in member out":
 * one link sees every call's answer, so no hook has to. The user fetch (accounts.me) answering so
 * just means a visitor.
 */
function authRequiredLink(onAuthRequired: () => void): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          error: (err) => {
            if (op.path !== "accounts.me" && isAuthenticationRequired(err)) onAuthRequired();
            observer.error(err);
          },
          complete: () => observer.complete(),
        }),
      );
}

/** §7: retry failed requests up to 5 times with exponential delay, but never a 4xx answer. */
export function shouldRetry(failureCount: number, err: unknown): boolean {
  if (err instanceof TRPCClientError) {
    const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status && status >= 400 && status < 500) return false;
  }
  return failureCount < RETRY_COUNT;
}
