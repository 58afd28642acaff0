import { z } from "zod";
import { LOCALES } from "../../constants.js";
import { safeText } from "../../validation.js";
import { nameProblem, ProfileBasics } from "../members/profile-fields.schema.js";

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { message: "Invalid email" })
  .pipe(z.email({ message: "Invalid email" })); // §5

/** A new password (signup, reset, change): §5 shows no rule; 8 to 200 characters. */
export const Password = z
  .string()
  .min(8, { message: "Use at least 8 characters" })
  .max(200, { message: "Use at most 200 characters" });

/**
 * §3 signup form (email, name, password, date_of_birth, signup_message) plus gender and country
 * for search: the profile fields come from the one schema /profile also uses (profile-fields.schema.ts).
 */
export const SignupInput = ProfileBasics.extend({
  email: Email,
  password: Password,
  language: z.enum(LOCALES).optional(),
}).superRefine((v, ctx) => {
  // §5: the username may not equal the e-mail address and may not start with @; nor hold a web
  // or e-mail address (nameProblem).
  const problem = nameProblem(v.name, v.email);
  if (problem) ctx.addIssue({ code: "custom", path: ["name"], message: problem });
});
export type SignupInput = z.infer<typeof SignupInput>;

export const LoginInput = z.object({
  // Not validated as an address (a typo must still answer 'Login failed'), but made safe to query.
  email: safeText({ max: 254, label: "E-mail" }).transform((v) => v.toLowerCase()),
  password: z.string().max(200),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const TokenInput = z.object({ token: z.string().min(10).max(200) });

export const UpdateSettingsInput = z.object({
  language: z.enum(LOCALES).optional(),
  sendWithEnter: z.boolean().optional(),
});
