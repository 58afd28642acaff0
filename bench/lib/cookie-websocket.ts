import WS, { type ClientOptions } from "ws";

/**
 * A WebSocket class for tRPC's `createWSClient` that opens as a logged-in tab would: the `auth`
 * cookie and the site's Origin on the upgrade (the server refuses a foreign Origin).
 * @param options extra `ws` client options (e.g. `localAddress` to spread client addresses).
 * @param onSocket called with each socket the class opens (e.g. to count closes).
 */
export function cookieWebSocket(
  cookie: string,
  origin: string,
  options: ClientOptions = {},
  onSocket?: (socket: WS) => void,
): typeof globalThis.WebSocket {
  const headers = { cookie: `auth=${cookie}`, origin };
  class CookieWebSocket extends WS {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { ...options, headers });
      onSocket?.(this);
    }
  }
  return CookieWebSocket as unknown as typeof globalThis.WebSocket;
}
