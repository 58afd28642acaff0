import { z } from "zod";
import { DiscountCodeText } from "../payments/payments.schema.js";

export const CheckCodeInput = z.object({ code: DiscountCodeText });
export const UseCodeInput = z.object({
  code: DiscountCodeText,
  /** Client-generated, reused on retry: a retry returns the first answer. */
  idempotencyKey: z.uuid(),
});
