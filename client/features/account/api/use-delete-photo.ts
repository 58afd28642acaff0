import { trpc } from "../../../lib/trpc";
import { useInvalidatePhotos } from "./use-my-photos";

/** members.deletePhoto: Delete one of the member's photos (a deleted main is replaced by the next public photo). The list is replaced by the server's answer; the account is refetched. */
export function useDeletePhoto() {
  const utils = trpc.useUtils();
  const invalidate = useInvalidatePhotos();
  return trpc.members.deletePhoto.useMutation({
    onSuccess: (photos) => utils.members.myPhotos.setData(undefined, photos),
    onSettled: invalidate,
  });
}
