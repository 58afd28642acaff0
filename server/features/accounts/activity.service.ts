import type { AppDeps } from "../../deps.js";
import { recordActivity } from "../members/members.service.js";

/**
 * §7 POST /api/page-hidden.php: the page became hidden; the member was active until now
 * (profiles.last_active, which search orders by, "newest active first").
 */
export async function recordPageHidden(deps: Pick<AppDeps, "db">, userId: number): Promise<void> {
  await recordActivity(deps, userId);
}
