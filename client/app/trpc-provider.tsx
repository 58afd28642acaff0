import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { makeTrpcClients, trpc } from "../lib/trpc";
import { paths } from "./paths";
import { ConnectionContext } from "../lib/connection";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // §7 retries live in the one tRPC link (lib/trpc.ts retryLink), never per hook.
      retry: false,
      staleTime: 10_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

let loggingOut = false;
/**
 * §4, §8: a call answered 403 authentication_required while the client thinks a member is logged
 * in: log the client out (the cookie too) and go to /login, which brings the member back to this
 * page afterwards (`next`). The error itself is swallowed: the page is left at once.
 */
function logOutAfterAuthRequired() {
  const loggedIn = queryClient
    .getQueriesData({ queryKey: getQueryKey(trpc.accounts.me) })
    .some(([, data]) => data !== null && data !== undefined);
  if (!loggedIn || loggingOut || location.pathname === paths.login) return;
  loggingOut = true;
  queryClient.setQueriesData({ queryKey: getQueryKey(trpc.accounts.me) }, null);
  const next = encodeURIComponent(location.pathname + location.search);
  void fetch("/api/logout.php", { credentials: "same-origin" })
    .catch(() => {})
    .finally(() => location.assign(`${paths.login}?next=${next}`));
}

export function TrpcProvider({ children }: { children: ReactNode }) {
  const [socketOpen, setSocketOpen] = useState(false);
  // New clients (a new socket) on reconnect, e.g. after login or logout; the old socket closes.
  const [clients, setClients] = useState(() => makeTrpcClients(setSocketOpen, logOutAfterAuthRequired));
  useEffect(() => () => void clients.wsClient.close(), [clients]);
  const reconnect = useCallback(() => setClients(makeTrpcClients(setSocketOpen, logOutAfterAuthRequired)), []);
  const connection = useMemo(() => ({ socketOpen, reconnect }), [socketOpen, reconnect]);
  return (
    <trpc.Provider client={clients.trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
