import crypto from "node:crypto";
import type { AppDeps } from "../../../server/deps.js";

/** Give a member a main photo row (files are not needed by the legacy answers). */
export async function addMainPhoto(deps: AppDeps, profileId: number): Promise<string> {
  const name = crypto.randomBytes(8).toString("hex");
  await deps.db
    .insertInto("photos")
    .values({
      profile_id: profileId,
      filename: `${name}.webp`,
      thumb_filename: `${name}-t.webp`,
      blurred_filename: `${name}-b.webp`,
      is_main: true,
    })
    .execute();
  return `/media/${name}.webp`;
}
