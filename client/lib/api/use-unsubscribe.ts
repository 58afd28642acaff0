import { trpc } from "../trpc";

/** notifications.unsubscribe: the button of the page the mail's unsubscribe link opens (no login needed). */
export function useUnsubscribe() {
  return trpc.notifications.unsubscribe.useMutation();
}
