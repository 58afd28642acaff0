import { z } from "zod";

/** §3 Notification preferences (e-mail): eight switches. */
export const NotificationPreferences = z.object({
  new_conversations: z.boolean(),
  new_messages: z.boolean(),
  like: z.boolean(),
  unread_message_reminders: z.boolean(),
  promotions: z.boolean(),
  weekly_updates: z.boolean(),
  news: z.boolean(),
  reminders: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** notifications.update: any subset of the switches; enableNotifications clears notifications_disabled. */
export const UpdateNotificationSettingsInput = z
  .object({
    preferences: NotificationPreferences.partial().strict().optional(),
    enableNotifications: z.literal(true).optional(),
  })
  .strict();

/** notifications.unsubscribe: the signed token of the link in the mail (`<id>.<43 base64url>`). */
export const UnsubscribeInput = z.object({ token: z.string().trim().min(1).max(64) }).strict();
