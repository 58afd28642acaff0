import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { makeTrpcClients, shouldRetry, trpc } from "../lib/trpc";
import { ConnectionContext } from "../lib/connection";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay: (n) => Math.min(500 * 2 ** n, 15_000),
      staleTime: 10_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

export function TrpcProvider({ children }: { children: ReactNode }) {
  const [socketOpen, setSocketOpen] = useState(false);
  // New clients (a new socket) on reconnect, e.g. after login or logout; the old socket closes.
  const [clients, setClients] = useState(() => makeTrpcClients(setSocketOpen));
  useEffect(() => () => void clients.wsClient.close(), [clients]);
  const reconnect = useCallback(() => setClients(makeTrpcClients(setSocketOpen)), []);
  const connection = useMemo(() => ({ socketOpen, reconnect }), [socketOpen, reconnect]);
  return (
    <trpc.Provider client={clients.trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
