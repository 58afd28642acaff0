import { z } from "zod";
import { GENDERS } from "../../constants.js";
import { Id } from "../../validation.js";

/** Most member cards one lander asks for. */
export const LANDER_PHOTOS_MAX = 24;

/** landers.photos: how many cards (1–24, default 9) and, optionally, one gender. */
export const LanderPhotosInput = z
  .object({
    count: z.number().int().min(1).max(LANDER_PHOTOS_MAX).default(9),
    gender: z.enum(GENDERS).optional(),
  })
  .default({ count: 9 });
export type LanderPhotosInput = z.infer<typeof LanderPhotosInput>;

/** landers.member: the member of a /members/{id}/landing page. */
export const LanderMemberInput = z.object({ id: Id });

/** landers.pageBounce (§2 query parameter lb): the page left and how long it was shown. */
export const PageBounceInput = z.object({
  path: z
    .string()
    .max(200)
    // A URL path as the browser's location.pathname gives it: percent-escapes allowed (a slug in
    // another script), nothing that could be markup.
    .regex(/^\/(?:[A-Za-z0-9/_.~-]|%[0-9A-Fa-f]{2})*$/, { message: "Invalid path" }),
  /** Whole seconds the page was shown before it was left, capped at a day. */
  seconds: z.number().int().min(0).max(86_400),
});
export type PageBounceInput = z.infer<typeof PageBounceInput>;
