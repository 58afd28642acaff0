import { useRef } from "react";
import { trpc } from "../../../lib/trpc";
import { TYPING_SEND_INTERVAL_MS } from "../../../lib/constants";

/** chats.typing, throttled: tells the other member at most every 2 s that we are typing. */
export function useTypingNotifier(conversationId: number | null) {
  const typing = trpc.chats.typing.useMutation();
  const last = useRef(0);
  return () => {
    if (conversationId === null) return;
    const now = Date.now();
    if (now - last.current < TYPING_SEND_INTERVAL_MS) return;
    last.current = now;
    typing.mutate({ conversationId });
  };
}
