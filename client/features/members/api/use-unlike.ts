import { trpc } from "../../../lib/trpc";

/** likes.unlike: take a like back (§4); the like state and the likes lists refresh. */
export function useUnlike() {
  const utils = trpc.useUtils();
  return trpc.likes.unlike.useMutation({
    onSuccess: (_result, { profileId }) => {
      utils.likes.status.setData({ profileId }, (old) => ({
        liked: false,
        likedMe: old?.likedMe ?? false,
        match: false,
      }));
      void utils.likes.list.invalidate();
    },
  });
}
