import { trpc } from "../../../lib/trpc";

/** chats.withProfile: the conversation with a member (null id before the first message). */
export function useChatWith(profileId: number) {
  return trpc.chats.withProfile.useQuery({ profileId }, { staleTime: 0 });
}
