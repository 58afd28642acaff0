/**
 * Presentation and timing constants of the spec that only the browser uses.
 * Business rules (limits, prices, cookie lifetimes) are the server's: server/constants.ts.
 */

/** §2, §9: badges cap at 99+. */
export const BADGE_CAP = 99;
/** §2, §9: the Credits badge shows at 10 credits or fewer. */
export const CREDITS_BADGE_THRESHOLD = 10;
/** §4, §9 polling fallback when the WebSocket is down: first after 5 s, then every 60 s (300 s with push). */
export const FIRST_POLL_DELAY_MS = 5_000;
export const POLL_INTERVAL_MS = 60_000;
export const POLL_INTERVAL_WITH_PUSH_MS = 300_000;
/** §9 loading bar: throttle 200 ms, duration 5 s. */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5_000;
/** §7: failed requests are retried up to 5 times with exponential delay. */
export const RETRY_COUNT = 5;
/** §8, §9 page-reload guard: a missing lazy chunk reloads the page at most once per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** §7: the first retry waits this long, each next one twice as long (capped below). */
export const RETRY_BASE_DELAY_MS = 500;
export const RETRY_MAX_DELAY_MS = 15_000;
/** Typing indicator: send at most every 2 s, hide 4 s after the last one. */
export const TYPING_SEND_INTERVAL_MS = 2_000;
export const TYPING_SHOW_MS = 4_000;
/** §1 the seven interface languages, with their own names. */
export const LOCALE_NAMES = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  nl: "Nederlands",
  pl: "Polski",
} as const;
export type Locale = keyof typeof LOCALE_NAMES;
export const LOCALES = Object.keys(LOCALE_NAMES) as Locale[];
/** §4, §9 welcome time bonus: the bonus popup shows 40 s after entering the members area (credits 0, not dismissed). */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
/** §4, §9 the time-bonus countdown ticks every second (zero-padded hh:mm:ss). */
export const TIME_BONUS_COUNTDOWN_STEP_MS = 1_000;
/** The payment return page asks for the payment's state this often while it is pending (not in the spec). */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
/** A chat says it is reconnecting once its live connection has been down this long while online (ms). */
export const RECONNECTING_NOTICE_DELAY_MS = 4_000;
