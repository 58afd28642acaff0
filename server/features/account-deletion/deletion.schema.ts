import { z } from "zod";
import { DELETE_REASONS } from "./deletion.constants.js";

/** Text without NUL or lone surrogates (they cannot be stored as PostgreSQL text). */
const safeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !s.includes("\u0000") && s.isWellFormed(), "Invalid characters.");

/** accountDeletion.delete: a §3 delete reason, remarks (for "other"), and the confirmation. */
export const DeleteAccountInput = z
  .object({
    reason: z.enum(DELETE_REASONS),
    remarks: safeText(1000).optional(),
    confirm: z.literal(true),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** accountDeletion.reactivate: the token of the mailed link (43 base64url characters). */
export const ReactivateInput = z
  .object({
    token: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, "Link expired or invalid, request a new email."),
  })
  .strict();

/** accountDeletion.requestReactivation: the address of the account pending deletion. */
export const RequestReactivationInput = z
  .object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) })
  .strict();
