import { trpc } from "../../../lib/trpc";

/** members.myPhotos: the member's own photos (never locked), the count and the §9 limit (3 free, 25 premium). */
export function useMyPhotos() {
  return trpc.members.myPhotos.useQuery(undefined, { staleTime: 30_000 });
}

/** After a change to the member's photos: the list, the account (main image) and the own profile page. */
export function useInvalidatePhotos() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([
      utils.members.myPhotos.invalidate(),
      utils.accounts.me.invalidate(),
      utils.members.get.invalidate(),
    ]);
  };
}
