import { useEffect, useState } from "react";
import { trpc } from "./trpc";
import { useActiveDiscount } from "./api/use-active-discount";
import { useMe } from "./session";
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
 * §4 welcome time bonus of the logged-in member, counting down every second (§9 step 1 s).
 * The server says how many seconds are left (its clock, not the browser's); the countdown runs
 * from the moment that answer arrived. Null for a visitor, a premium member, after the 4 hours
 * or once used — it clears on logout, at zero and when the member becomes paid.
 */
export function useTimeBonus(): TimeBonusState | null {
  const { me } = useMe();
  const eligible = !!me && !me.paidUser;
  const utils = trpc.useUtils();
  const q = useActiveDiscount(eligible);
  const bonus = eligible ? (q.data?.timeBonus ?? null) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!bonus) return;
    const timer = setInterval(() => setNow(Date.now()), TIME_BONUS_COUNTDOWN_STEP_MS);
    return () => clearInterval(timer);
  }, [bonus]);
  // Seconds since the answer arrived, never negative (`now` may have been read before the answer
  // came), so the countdown never shows more than the server said (never past 04:00:00, §9).
  const elapsedSeconds = Math.max(0, Math.floor((now - q.dataUpdatedAt) / 1000));
  const secondsLeft = bonus ? bonus.secondsLeft - elapsedSeconds : 0;
  const over = !!bonus && secondsLeft <= 0;
  useEffect(() => {
    // At zero the bonus is gone: prices and the active discount change with it.
    if (over) void Promise.all([utils.discounts.active.invalidate(), utils.credits.packages.invalidate()]);
  }, [over, utils]);
  if (!bonus || secondsLeft <= 0) return null;
  return { code: bonus.code, percentage: bonus.percentage, secondsLeft, timeLeft: formatCountdown(secondsLeft) };
}
