import { trpc } from "../trpc";

/**
 * The members this tab is blocking right now (a safety.block call under way). The block's live
 * event can reach the tab before the call's answer. Acted on, it moved the page or read the chat
 * again (gone by then), either of which unmounted the block's dialog before its answer, so the
 * dialog's own move with its "You blocked …" notice was dropped (tests/e2e/safety-block.spec.ts on
 * a busy machine). So the live stream leaves such an event to this call (live-member.tsx).
 */
const blockingHere = new Set<number>();

/** Whether this tab is blocking `profileId` right now (see blockingHere). */
export function isBlockingHere(profileId: number): boolean {
  return blockingHere.has(profileId);
}

/**
 * safety.block (§4): block a member. The chats and likes between the two are deleted and the
 * profiles hidden both ways: every list the screens show is read again, whatever the answer (a
 * lost answer may hide a block that went through, whose live event this tab left to the call).
 */
export function useBlockMember() {
  const utils = trpc.useUtils();
  return trpc.safety.block.useMutation({
    onMutate: ({ profileId }) => {
      blockingHere.add(Number(profileId));
    },
    // Runs before the callbacks given to mutate() (the dialog's move with its notice), in the
    // same chain of promises: no live event is handled in between.
    onSettled: (_data, _error, { profileId }) => {
      blockingHere.delete(Number(profileId));
      void utils.chats.invalidate();
      void utils.likes.invalidate();
      void utils.members.invalidate();
      void utils.live.counters.invalidate();
      void utils.safety.blocked.invalidate();
    },
  });
}
