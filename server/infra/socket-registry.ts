import type { WebSocket } from "ws";

/**
 * The open WebSocket connections of this instance, by session, so that logout can close them:
 * tRPC builds a connection's context once, so nothing else would end an authenticated socket.
 * (Block, deletion and password reset, when they exist, close a member's sessions the same way.)
 */
export class SocketRegistry {
  private bySession = new Map<string, Set<WebSocket>>();
  // One listener shared by every socket (no closure per socket: memory per idle socket, issue 12).
  private readonly onClose = (socket: TrackedSocket) => {
    const sessionId = socket[kSession];
    if (sessionId !== undefined) remove(this.bySession, sessionId, socket);
    socket[kSession] = undefined;
  };

  /**
   * Track `socket` until it closes. A socket already closing (its client left while its session
   * was being looked up) is not tracked: its `close` has fired, nothing would remove it.
   */
  add(socket: WebSocket, sessionId: string): void {
    if (socket.readyState === socket.CLOSING || socket.readyState === socket.CLOSED) return;
    add(this.bySession, sessionId, socket);
    const tracked = socket as TrackedSocket;
    tracked[kSession] = sessionId;
    tracked[kRegistry] = this.onClose;
    socket.on("close", untrackOnClose);
  }

  /** Close every socket of one session (code 4001: the client reconnects logged out). */
  closeSession(sessionId: string): number {
    return closeAll(this.bySession.get(sessionId));
  }

  /**
   * Slow consumers (ARCHITECTURE "Real time": a bounded buffer, then closed): every `intervalMs`,
   * end each socket whose unsent output exceeds `maxBufferedBytes` (a tab that stopped reading).
   * Its client reconnects and resumes from its last event id, so nothing is lost; the server's
   * memory for it stays bounded. `all` gives every open socket of the server, those without a
   * session (a visitor's) included; without it, the registry's. Returns a function that stops the
   * guard.
   */
  guardSlowConsumers(
    maxBufferedBytes: number,
    intervalMs: number,
    onClose: () => void = () => {},
    all?: () => Iterable<WebSocket>,
  ): () => void {
    const check = (socket: WebSocket) => {
      if (socket.readyState === socket.OPEN && socket.bufferedAmount > maxBufferedBytes) {
        socket.terminate();
        onClose();
      }
    };
    const timer = setInterval(() => {
      // Every open socket when the server gives them (a visitor's is not in the registry).
      if (all) for (const socket of all()) check(socket);
      else for (const set of this.bySession.values()) for (const socket of set) check(socket);
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The sessions with at least one open socket here. */
  sessionIds(): string[] {
    return [...this.bySession.keys()];
  }

  get size(): number {
    let n = 0;
    for (const set of this.bySession.values()) n += set.size;
    return n;
  }
}

const kSession = Symbol("registry-session");
const kRegistry = Symbol("registry-on-close");
type TrackedSocket = WebSocket & {
  [kSession]?: string;
  [kRegistry]?: (socket: TrackedSocket) => void;
};
function untrackOnClose(this: TrackedSocket) {
  this[kRegistry]?.(this);
}

function add<K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(socket);
}
function remove<K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket) {
  const set = map.get(key);
  if (!set) return;
  set.delete(socket);
  if (set.size === 0) map.delete(key);
}
function closeAll(set: Set<WebSocket> | undefined): number {
  if (!set) return 0;
  const n = set.size;
  for (const s of [...set]) s.close(4001, "session ended");
  return n;
}
