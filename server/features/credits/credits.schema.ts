import { z } from "zod";

export const PackagesInput = z
  .object({
    /** Payment country (ISO alpha-2); unknown or absent: the member's profile country. */
    country: z.string().regex(/^[A-Z]{2}$/).nullish(),
  })
  .optional();
