import { createTRPCReact } from "@trpc/react-query";
import { createWSClient, httpBatchLink, splitLink, wsLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../../server/router";
import { RETRY_COUNT } from "./constants";

/** The typed tRPC hooks. The client knows the server only through `AppRouter`'s type. */
export const trpc = createTRPCReact<AppRouter>();

export type { AppRouter };
export type RouterError = TRPCClientError<AppRouter>;

/**
 * One tRPC client and its WebSocket. Subscriptions go over the socket, everything else over
 * HTTP (batched). The socket is opened lazily, only while a subscription runs, and carries the
 * `auth` cookie of the moment it opened: after login or logout, make a new pair (see
 * TrpcProvider) so the socket is authenticated as the new member, or not at all.
 */
export function makeTrpcClients(onConnectionChange: (open: boolean) => void) {
  const wsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/trpc`;
  const wsClient = createWSClient({
    url: wsUrl,
    lazy: { enabled: true, closeMs: 10_000 },
    keepAlive: { enabled: true, intervalMs: 20_000, pongTimeoutMs: 5_000 },
    retryDelayMs: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    onOpen: () => onConnectionChange(true),
    onClose: () => onConnectionChange(false),
  });
  const trpcClient = trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
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

/** §7: retry failed requests up to 5 times with exponential delay, but never a 4xx answer. */
export function shouldRetry(failureCount: number, err: unknown): boolean {
  if (err instanceof TRPCClientError) {
    const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status && status >= 400 && status < 500) return false;
  }
  return failureCount < RETRY_COUNT;
}
