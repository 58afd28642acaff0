import { useEffect, useState } from "react";
import { useActiveDiscount, useInvalidateActiveDiscount } from "./api/use-active-discount";
import { useMe } from "./api/use-me";
import { formatCountdown } from "./money";
import { TIME_BONUS_COUNTDOWN_STEP_MS } from "./constants";

export interface TimeBonusState {
  code: string;
  percentage: number;
  secondsLeft: number;
  /** Zero-padded hh:mm:ss (§4). */
  timeLeft: string;
}

/**
 * Whole seconds of the time bonus left at `nowMs` (§4, §9 step 1 s). The server said
 * `serverSecondsLeft` (counted on its clock, never more than the bonus length) in an answer that
 * arrived at `receivedAtMs`; both instants are read from the browser's clock, so skew between the
 * two clocks does not matter. A `nowMs` read before the answer arrived counts as no time passed.
 * @returns an integer in [0, serverSecondsLeft]: the countdown never exceeds the bonus length.
 */
export function timeBonusSecondsLeft(serverSecondsLeft: number, receivedAtMs: number, nowMs: number): number {
  const cap = Math.max(0, Math.floor(serverSecondsLeft));
  const elapsedSeconds = Math.floor(Math.max(0, nowMs - receivedAtMs) / 1000);
  return Math.min(cap, Math.max(0, cap - elapsedSeconds));
}

/** The browser's time in ms, re-read every `stepMs` while `running`. */
function useNow(stepMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs, running]);
  return now;
}

/**
 * §4 welcome time bonus of the logged-in member, counting down every second (§9 step 1 s).
 * The server says how many seconds are left (its clock, not the browser's); the countdown runs
 * from the moment that answer arrived (see timeBonusSecondsLeft). Null for a visitor, a premium
 * member, after the 4 hours or once used — it clears on logout, at zero and when the member
 * becomes paid.
 */
export function useTimeBonus(): TimeBonusState | null {
  const { me } = useMe();
  const eligible = !!me && !me.paidUser;
  const invalidateDiscount = useInvalidateActiveDiscount();
  const q = useActiveDiscount(eligible);
  const bonus = eligible ? (q.data?.timeBonus ?? null) : null;
  const now = useNow(TIME_BONUS_COUNTDOWN_STEP_MS, !!bonus);
  const secondsLeft = bonus ? timeBonusSecondsLeft(bonus.secondsLeft, q.dataUpdatedAt, now) : 0;
  const over = !!bonus && secondsLeft <= 0;
  useEffect(() => {
    // At zero the bonus is gone: prices and the active discount change with it.
    if (over) void invalidateDiscount();
  }, [over, invalidateDiscount]);
  if (!bonus || secondsLeft <= 0) return null;
  return { code: bonus.code, percentage: bonus.percentage, secondsLeft, timeLeft: formatCountdown(secondsLeft) };
}
