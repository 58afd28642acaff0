import type { AppDeps } from "../../deps.js";
import { inTransaction } from "../../../db/create-db.js";
import { NotFoundError } from "../../domain-error.js";
import type { SiteSettings } from "../site/site.settings.js";
import { PremiumOnlyError, getWallet, spendCreditsOrThrow } from "../credits/credits.service.js";
import { publishStored, recordEvent, type StoredEvent } from "../live/live.service.js";
import { photoUrlsFor } from "./members.photos.js";
import { assertNotBlocked, EmailNotConfirmedError } from "./members.service.js";
import * as repo from "./photo-unlocks.repository.js";

/** The photo after an unlock: its full-size and thumbnail URLs, the balance and what was charged. */
export interface UnlockPhotoResult {
  photo: { id: number; url: string; thumbUrl: string };
  /** The member's balance after. */
  credits: number;
  /** Credits charged by this call: photo_credits, or 0 when the photo was open already. */
  charged: number;
}

/**
 * Buy access to a member's private photo for photo_credits (§1 'photo access' costs credits,
 * §3 site setting photo_credits): one conditional debit with the ledger row `photo:<id>` (unique
 * per member) and the unlock, in one transaction, so a photo is paid for at most once even when
 * unlocked from two tabs at once. Premium members and the owner see every photo already (§6):
 * nothing is charged. The other photos a free member sees blurred open with premium only.
 *
 * @returns the photo's URLs, the balance after and the credits charged.
 * @throws NotFoundError (no such active photo of a visible member), BlockedError (a block either
 *         way, §6; nothing charged), PremiumOnlyError (a photo
 *         that is not private: it opens with premium, §6), EmailNotConfirmedError (§1: an
 *         unconfirmed member spends no credits, the signup credits included), NotEnoughCreditsError
 *         (§2 popup; nothing charged).
 */
export async function unlockPhoto(
  deps: AppDeps,
  viewer: { id: number; paidUser: boolean; status: string },
  photoId: number,
  site: SiteSettings,
): Promise<UnlockPhotoResult> {
  const photo = await repo.findPhotoForUnlock(deps.db, photoId);
  const isOwn = photo?.profile_id === viewer.id;
  if (!photo || photo.status !== "active" || (!photo.visible && !isOwn))
    throw new NotFoundError("This photo could not be found.");
  // §6: a block either way closes the other's photos too (nothing charged).
  await assertNotBlocked(deps.db, viewer.id, photo.profile_id);
  const open = { id: photo.id, ...photoUrlsFor(deps.mediaUrlSecret, photo, viewer.id) };
  const balanceOf = async () => (await getWallet(deps.db, viewer.id)).credits;
  if (isOwn || viewer.paidUser || photo.is_main) return { photo: open, credits: await balanceOf(), charged: 0 };
  if (!photo.is_private) throw new PremiumOnlyError("photos");
  // §1: as a like or a message, a paid unlock waits for a confirmed address (else the signup
  // credits of throwaway addresses buy private photos).
  if (viewer.status !== "active") throw new EmailNotConfirmedError();

  const cost = site.photo_credits;
  const outcome = await inTransaction(
    deps.db,
    async (tx): Promise<{ credits: number; charged: number; events: StoredEvent[] }> => {
      if (!(await repo.insertUnlock(tx, viewer.id, photo.id, cost))) {
        return { credits: (await getWallet(tx, viewer.id)).credits, charged: 0, events: [] };
      }
      const credits =
        cost > 0 ? await spendCreditsOrThrow(tx, viewer.id, cost, "photo", `photo:${photo.id}`) : await balanceOf();
      const event = await recordEvent(tx, viewer.id, {
        type: "credits.changed",
        credits,
        paidUser: false,
        reason: "photo",
        paymentId: null,
      });
      return { credits, charged: cost, events: [event] };
    },
  );
  publishStored(deps, outcome.events);
  return { photo: open, credits: outcome.credits, charged: outcome.charged };
}
