import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCQueryUtils, getQueryKey } from "@trpc/react-query";
import { makeTrpcClients, trpc } from "../lib/trpc";
import { paths } from "./paths";
import { ConnectionContext } from "../lib/connection";
import { isLoggingOut } from "../lib/session";
import { entryWarningMayShow } from "../components/layouts/site-entry-warning";
import type { RouterInputs, RouterOutputs } from "../lib/router-types";

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

/** What the page brings for its first screen (server/http/first-screen.ts), keyed by tRPC path. */
interface FirstScreenData {
  "accounts.me": RouterOutputs["accounts"]["me"];
  "site.settings": RouterOutputs["site"]["settings"];
  "site.visitor": RouterOutputs["site"]["visitor"];
  "site.entryWarning": RouterOutputs["site"]["entryWarning"];
  /** /members: the search the page opens with (features/members/search-input.ts) and its answer. */
  "members.search"?: { input: RouterInputs["members"]["search"]; output: RouterOutputs["members"]["search"] };
}

/**
 * The first screen's data the page brought (`#amora-first-screen`), taken out of the page.
 * @returns the data, or null without it (the development server's page, a failed lookup on the
 *   server) or with an unreadable one: the client then asks for each itself.
 */
function pageFirstScreen(): FirstScreenData | null {
  const block = document.getElementById("amora-first-screen");
  if (!block) return null;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? "") as Partial<FirstScreenData> | null;
    return data && "accounts.me" in data && data["site.settings"] && data["site.visitor"] && data["site.entryWarning"]
      ? (data as FirstScreenData)
      : null;
  } catch {
    return null;
  }
}

/**
 * Issue 11 (speed of the first visit): what every first screen waits for — the session
 * (accounts.me), the site's settings, what the §4 rules allow this visitor (site.visitor) and the
 * §4 site-entry warning's server part (site.entryWarning) — is in the query cache before the
 * first render, and so is /members's first search (members.search) when the page brings it. The
 * page brings it (server/http/app-page.ts, the JSON block `#amora-first-screen`, removed once
 * read); without it, it is asked for at start-up, beside the catalogue (one batch), instead of
 * after the first render. Keys and stale times are the hooks'
 * own; a hook mounted while a request is under way shares it. Input: none. Output: nothing
 * (errors are left to the hooks, which ask again).
 */
export function prefetchFirstScreen(): void {
  const utils = createTRPCQueryUtils({ queryClient, client: firstClients.trpcClient });
  const data = pageFirstScreen();
  if (data) {
    utils.accounts.me.setData(undefined, data["accounts.me"]);
    utils.site.settings.setData(undefined, data["site.settings"]);
    utils.site.visitor.setData(undefined, data["site.visitor"]);
    utils.site.entryWarning.setData(undefined, data["site.entryWarning"]);
    const search = data["members.search"];
    if (search) utils.members.search.setData(search.input, search.output);
    return;
  }
  void utils.accounts.me.prefetch(undefined, { staleTime: 30_000 });
  void utils.site.settings.prefetch(undefined, { staleTime: 5 * 60_000 });
  void utils.site.visitor.prefetch(undefined, { staleTime: 5 * 60_000 });
  if (entryWarningMayShow()) void utils.site.entryWarning.prefetch(undefined, { staleTime: Infinity });
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
