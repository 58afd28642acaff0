import { z } from "zod";
import { Id, Seq, safeText } from "../../validation.js";
import { GIFT_KEYS } from "./gifts.js";

/** Upper bound at the edge; the site's message_length (§9) is checked by the service. */
const MAX_MESSAGE_CHARS_AT_EDGE = 10_000;

export const SendMessageInput = z.object({
  toProfileId: Id,
  /** Client-generated message id (UUID), reused on retry. */
  clientId: z.uuid(),
  body: safeText({ min: 1, max: MAX_MESSAGE_CHARS_AT_EDGE, multiline: true, label: "Message" }),
});

export const ConversationInput = z.object({
  conversationId: Id,
  beforeSeq: Seq.nullish(),
  limit: z.number().int().min(1).max(100).optional(),
});

export const ConversationIdInput = z.object({ conversationId: Id });
export const ProfileIdInput = z.object({ profileId: Id });

export const SendGiftInput = z.object({
  toProfileId: Id,
  /** Client-generated id (UUID), reused on retry. */
  clientId: z.uuid(),
  gift: z.enum(GIFT_KEYS),
});

/** Read receipts on or off (read-receipts.service.ts). */
export const ReadReceiptsInput = z.object({ enabled: z.boolean() });
