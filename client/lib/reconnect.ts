/** The first reconnect waits about this long (milliseconds); each later one twice as long. */
export const RECONNECT_BASE_DELAY_MS = 1000;
/** No reconnect waits longer than this (milliseconds): after a restart every tab is back within about 10 s. */
export const RECONNECT_MAX_DELAY_MS = 10_000;

/**
 * How long the live WebSocket waits before reconnect attempt `attempt` (0 = the first), in
 * milliseconds: exponential back-off with "equal jitter" — half of the step fixed, half random —
 * so that thousands of tabs dropped by one server restart do not come back in the same instant
 * (a reconnect storm) and still come back within about a second.
 * Pure: `random` is injectable for tests (default Math.random, a number in [0, 1)).
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_BASE_DELAY_MS * 2 ** Math.max(0, attempt), RECONNECT_MAX_DELAY_MS);
  return step / 2 + random() * (step / 2);
}
