import { trpc } from "../trpc";

/** notifications.settings: the eight §3 e-mail preferences and notifications_disabled (§2 /notifications). */
export function useNotificationSettings() {
  return trpc.notifications.settings.useQuery();
}
