import { z } from "zod";
import { Email, Password } from "./accounts.schema.js";

/** §5 'The entered passwords are not the same.' */
export const PASSWORDS_DIFFER = "The entered passwords are not the same.";

/** A link token as the mail carries it (base64url of 32 bytes is 43 characters). */
const LinkToken = z
  .string()
  .min(10, { message: "Link expired or invalid, request a new email." })
  .max(200, { message: "Link expired or invalid, request a new email." })
  .regex(/^[A-Za-z0-9_-]+$/, { message: "Link expired or invalid, request a new email." });

/** /reset-password: the address to mail a link to. */
export const RequestPasswordResetInput = z.object({ email: Email });

/** /reset-password/do: the mailed token and the new password twice (§5). */
export const CompletePasswordResetInput = z
  .object({ token: LinkToken, password: Password, passwordRepeat: z.string().max(200) })
  .refine((v) => v.password === v.passwordRepeat, { message: PASSWORDS_DIFFER, path: ["passwordRepeat"] });

/** Settings: the old password, the new one twice (§5). */
export const ChangePasswordInput = z
  .object({ oldPassword: z.string().max(200), password: Password, passwordRepeat: z.string().max(200) })
  .refine((v) => v.password === v.passwordRepeat, { message: PASSWORDS_DIFFER, path: ["passwordRepeat"] });

/** Settings: the new address and the current password. */
export const RequestEmailChangeInput = z.object({ email: Email, password: z.string().max(200) });

/** /mail-change/do and the other mailed links. */
export const LinkTokenInput = z.object({ token: LinkToken });

/** The id of one of the member's sessions (a SHA-256 in hex). */
export const SessionIdInput = z.object({
  sessionId: z.string().regex(/^[0-9a-f]{64}$/, { message: "Unknown session" }),
});
