import { trpc } from "../../../lib/trpc";

/**
 * chats.remove (§4): the chat leaves the list at once; if the server refuses, the list is
 * restored (reloaded) and the caller shows the error.
 */
export function useRemoveChat() {
  const utils = trpc.useUtils();
  return trpc.chats.remove.useMutation({
    onMutate: async ({ conversationId }) => {
      await utils.chats.list.cancel();
      const before = utils.chats.list.getData();
      utils.chats.list.setData(
        undefined,
        (old) => old && { ...old, chats: old.chats.filter((c) => c.conversationId !== conversationId) },
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) utils.chats.list.setData(undefined, context.before);
      void utils.chats.list.invalidate();
    },
    onSettled: () => utils.live.counters.invalidate(),
  });
}
