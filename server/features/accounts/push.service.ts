import type { AppDeps } from "../../deps.js";
import { inTransaction } from "../../../db/create-db.js";
import type { PushState } from "../../../db/database.js";
import type { PushSubscriptionInput } from "./push.schema.js";
import * as repo from "./push.repository.js";

/**
 * §4 push subscription, sent to the account when logged in (§7 POST /api/user.php?push=1):
 * a subscription is stored (a member may have several browsers); false means the member is
 * not subscribed (their subscriptions are dropped); 'denied' is recorded as denied (§4).
 * @returns the member's push state afterwards.
 */
export async function savePushSubscription(
  deps: Pick<AppDeps, "db">,
  userId: number,
  input: PushSubscriptionInput,
): Promise<PushState> {
  const sub = input.subscription;
  const state: PushState = sub === false ? "not_subscribed" : sub === "denied" ? "denied" : "subscribed";
  await inTransaction(deps.db, async (tx) => {
    if (typeof sub === "object") {
      await repo.upsertSubscription(tx, {
        user_id: userId,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        expiration_time: sub.expirationTime ? new Date(sub.expirationTime) : null,
      });
    } else {
      await repo.deleteSubscriptionsOf(tx, userId);
    }
    await repo.setState(tx, userId, state);
  });
  return state;
}
