import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCQueryUtils, getQueryKey } from "@trpc/react-query";
import { makeTrpcClients, trpc } from "../lib/trpc";
import { paths } from "./paths";
import { ConnectionContext } from "../lib/connection";
import { isLoggingOut } from "../lib/session";
import { entryWarningMayShow } from "../components/layouts/site-entry-warning";
import type { RouterOutputs } from "../lib/router-types";

type CurrentUser = NonNullable<RouterOutputs["accounts"]["me"]>;

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
  if (!loggedIn || loggingOut || isLoggingOut() || location.pathname === paths.login) return;
  loggingOut = true;
  queryClient.setQueriesData({ queryKey: getQueryKey(trpc.accounts.me) }, null);
  const next = encodeURIComponent(location.pathname + location.search);
  void fetch("/api/logout.php", { credentials: "same-origin" })
    .catch(() => {})
    .finally(() => location.assign(`${paths.login}?next=${next}`));
}

/** Where the first client pair reports its socket opening and closing (the mounted provider's state). */
let reportSocket: (open: boolean) => void = () => {};
/** The first client pair, made at start-up so the session can be asked for before React renders. */
const firstClients = makeTrpcClients((open) => reportSocket(open), logOutAfterAuthRequired);

/**
 * The member's accounts.me answer the page brought (`#amora-me`), taken out of the page.
 * @returns the answer, or null without one (or an unreadable one: the client then asks).
 */
function pageMe(): CurrentUser | null {
  const block = document.getElementById("amora-me");
  if (!block) return null;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? "") as CurrentUser;
  } catch {
    return null; // the client asks accounts.me itself
  }
}

/**
 * Issue 11 (speed of the first visit): ask at start-up, beside the catalogue, for what every first
 * screen waits for, instead of after the first render:
 * - accounts.me, known at once when the page brings it (server/http/app-page.ts): a visitor's page
 *   says so (`<meta name="amora-session" content="none">`), a member's carries the answer (the
 *   JSON block `#amora-me`, removed once read);
 * - the site's settings and the visitor's country (site.settings, site.visitor: the layout's);
 * - for a visitor who may see it, the §4 site-entry warning's server part (site.entryWarning).
 * Answers land in the query cache under the keys the hooks read, with their stale times; a hook
 * mounted while a request is under way shares it. Through the one client and its links (retries,
 * §7; the calls of one tick go as one batch). Input: none. Output: nothing (errors are left to the
 * hooks, which ask again).
 */
export function prefetchFirstScreen(): void {
  const utils = createTRPCQueryUtils({ queryClient, client: firstClients.trpcClient });
  const visitor = document.querySelector('meta[name="amora-session"]')?.getAttribute("content") === "none";
  const me = pageMe();
  if (visitor) utils.accounts.me.setData(undefined, null);
  else if (me) utils.accounts.me.setData(undefined, me);
  else void utils.accounts.me.prefetch(undefined, { staleTime: 30_000 });
  void utils.site.settings.prefetch(undefined, { staleTime: 5 * 60_000 });
  void utils.site.visitor.prefetch(undefined, { staleTime: 5 * 60_000 });
  if (visitor && entryWarningMayShow()) void utils.site.entryWarning.prefetch(undefined, { staleTime: Infinity });
}

export function TrpcProvider({ children }: { children: ReactNode }) {
  const [socketOpen, setSocketOpen] = useState(false);
  useEffect(() => {
    reportSocket = setSocketOpen;
    return () => void (reportSocket = () => {});
  }, []);
  // New clients (a new socket) on reconnect, e.g. after login or logout; the old socket closes.
  const [clients, setClients] = useState(() => firstClients);
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
