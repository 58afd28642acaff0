import { trpc } from "../../../lib/trpc";

/** likes.like: like a profile (§4); the like state and the likes lists refresh. */
export function useLike() {
  const utils = trpc.useUtils();
  return trpc.likes.like.useMutation({
    onSuccess: (result, { profileId }) => {
      utils.likes.status.setData({ profileId }, (old) => ({
        liked: true,
        likedMe: old?.likedMe ?? result.match,
        match: result.match,
      }));
      void utils.likes.list.invalidate();
    },
  });
}
