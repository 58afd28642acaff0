import { z } from "zod";
import { DELETE_REASONS } from "./deletion.constants.js";
import { Email } from "../accounts/accounts.schema.js";
import { memberText } from "../members/profile-fields.schema.js";

/**
 * The remarks an operator reads: the rules of a member's own free text (memberText: no control,
 * bidi or invisible characters), not only what PostgreSQL can store.
 */
const Remarks = memberText({ max: 1000, multiline: true, label: "Remarks" });

/** accountDeletion.delete: a §3 delete reason, remarks (for "other"), and the confirmation. */
export const DeleteAccountInput = z
  .object({
    reason: z.enum(DELETE_REASONS),
    remarks: Remarks.optional(),
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
export const RequestReactivationInput = z.object({ email: Email }).strict();
