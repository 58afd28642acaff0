import { BADGE_CAP } from "./constants";

/** §2, §9: a badge shows 99+ above 99 (BADGE_CAP). */
export function badgeText(n: number): string {
  return n > BADGE_CAP ? `${BADGE_CAP}+` : String(n);
}
