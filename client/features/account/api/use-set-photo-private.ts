import { trpc } from "../../../lib/trpc";
import { useInvalidatePhotos } from "./use-my-photos";

/** members.setPhotoPrivate: Make a photo private or public (the main photo stays public). The list is replaced by the server's answer; the account is refetched. */
export function useSetPhotoPrivate() {
  const utils = trpc.useUtils();
  const invalidate = useInvalidatePhotos();
  return trpc.members.setPhotoPrivate.useMutation({
    onSuccess: (photos) => utils.members.myPhotos.setData(undefined, photos),
    onSettled: invalidate,
  });
}
