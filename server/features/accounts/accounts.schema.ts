import { z } from "zod";
import { COUNTRIES, GENDERS, LOCALES, MIN_AGE_YEARS, MAX_AGE_YEARS } from "../../constants.js";
import { ageOn, safeText } from "../../validation.js";

const AGE_MESSAGE = `Enter your date of birth (${MIN_AGE_YEARS}+)`; // §5

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

/** §3 signup form (email, name, password, date_of_birth, signup_message) plus gender and country for search. */
export const SignupInput = z
  .object({
    email: Email,
    name: safeText({ min: 2, max: 40, label: "Name" }),
    password: Password,
    date_of_birth: z.iso.date({ message: AGE_MESSAGE }).refine(
      (d) => {
        const age = ageOn(d);
        return age >= MIN_AGE_YEARS && age <= MAX_AGE_YEARS;
      },
      { message: AGE_MESSAGE },
    ),
    gender: z.enum(GENDERS),
    country: z.enum(COUNTRIES as [string, ...string[]]),
    signup_message: safeText({ max: 1000, multiline: true, label: "Message" }).optional(),
    language: z.enum(LOCALES).optional(),
  })
  .superRefine((v, ctx) => {
    // §5: the username may not equal the e-mail address and may not start with @.
    if (v.name.toLowerCase() === v.email) {
      ctx.addIssue({ code: "custom", path: ["name"], message: "Your name may not be your e-mail address" });
    }
    if (v.name.startsWith("@")) {
      ctx.addIssue({ code: "custom", path: ["name"], message: "Your name may not start with @" });
    }
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
