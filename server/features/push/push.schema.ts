import { z } from "zod";
import { EpochMs } from "../../validation.js";

/**
 * §4 push subscription as the browser's PushSubscription.toJSON() gives it, or false (not
 * subscribed), or 'denied' (permission refused).
 */
export const PushSubscriptionData = z.object({
  endpoint: z
    // http only for a test's local push service (PUSH_ALLOW_LOOPBACK_HTTP, checked in push.service).
    .url({ protocol: /^https?$/, message: "The push endpoint must be an https URL" })
    // A push service's URL is printable ASCII (RFC 8030, percent-encoded): so the limit is in bytes
    // too, which the unique index on push_subscriptions.endpoint needs (about 2,700 bytes at most).
    .regex(/^[\x21-\x7e]+$/, { message: "The push endpoint must be an https URL" })
    .max(2048, { message: "The push endpoint is too long" }),
  expirationTime: EpochMs.nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{20,200}={0,2}$/, { message: "Invalid p256dh key" }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/, { message: "Invalid auth secret" }),
  }),
});
export type PushSubscriptionData = z.infer<typeof PushSubscriptionData>;

export const PushSubscriptionInput = z.object({
  subscription: z.union([PushSubscriptionData, z.literal(false), z.literal("denied")]),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;
