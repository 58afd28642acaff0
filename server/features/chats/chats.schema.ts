import { z } from "zod";
import { Id, Seq, safeText } from "../../validation.js";
import { GIFT_KEYS } from "./gifts.js";

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 * what the recipient reads ("\u202emoc.live" shows as "evil.com"). The marks U+200E/U+200F,
 * which mixed right-to-left and left-to-right text needs, stay allowed.
 */
const BIDI_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/;

/** Upper bound at the edge; the site's message_length (§9) is checked by the service. */
const MAX_MESSAGE_CHARS_AT_EDGE = 10_000;

export const SendMessageInput = z.object({
  toProfileId: Id,
  /** Client-generated message id (UUID), reused on retry. */
  clientId: z.uuid(),
  body: safeText({ min: 1, max: MAX_MESSAGE_CHARS_AT_EDGE, multiline: true, label: "Message" }).refine(
    (v) => !BIDI_OVERRIDES.test(v),
    { message: "Message contains invalid characters" },
  ),
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
