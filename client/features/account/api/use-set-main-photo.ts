import { trpc } from "../../../lib/trpc";
import { useInvalidatePhotos } from "./use-my-photos";

/** members.setMainPhoto: Make one of the member's photos the main one (it becomes public, §6). The list is replaced by the server's answer; the account is refetched. */
export function useSetMainPhoto() {
  const utils = trpc.useUtils();
  const invalidate = useInvalidatePhotos();
  return trpc.members.setMainPhoto.useMutation({
    onSuccess: (photos) => utils.members.myPhotos.setData(undefined, photos),
    onSettled: invalidate,
  });
}
