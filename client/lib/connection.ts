import { createContext, useContext } from "react";

export interface Connection {
  /** Whether the live WebSocket is open right now (the polling fallback runs when it is not). */
  socketOpen: boolean;
  /** Drop the socket and reopen it with the current cookie: call after login and logout. */
  reconnect: () => void;
}
export const ConnectionContext = createContext<Connection>({ socketOpen: false, reconnect: () => {} });
export const useConnection = () => useContext(ConnectionContext);
