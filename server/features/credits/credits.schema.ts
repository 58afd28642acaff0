import { z } from "zod";

/** credits.packages / credits.pricing: the payment country, optional. */
export const PackagesInput = z
  .object({
    /** Payment country (ISO alpha-2); unknown or absent: the member's profile country. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullish(),
  })
  .optional();
