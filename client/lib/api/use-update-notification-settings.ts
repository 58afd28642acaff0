import { trpc } from "../trpc";

/**
 * notifications.update: save switches at once (§2 /notifications). The page shows the change
 * immediately and takes the server's answer; re-enabling e-mail (enableNotifications) also
 * refreshes the account, whose notificationsDisabled drives the §2 alert.
 */
export function useUpdateNotificationSettings() {
  const utils = trpc.useUtils();
  return trpc.notifications.update.useMutation({
    onMutate: (change) =>
      utils.notifications.settings.setData(
        undefined,
        (old) =>
          old && {
            preferences: { ...old.preferences, ...change.preferences },
            notificationsDisabled: change.enableNotifications ? null : old.notificationsDisabled,
          },
      ),
    onSuccess: async (settings) => {
      utils.notifications.settings.setData(undefined, settings);
      await utils.accounts.me.invalidate();
    },
    onError: () => utils.notifications.settings.invalidate(),
  });
}
