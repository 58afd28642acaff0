import { z } from "zod";
import { DiscountCodeText } from "../payments/payments.schema.js";

/** discounts.check: a code as typed. */
export const CheckCodeInput = z.object({ code: DiscountCodeText });
/** discounts.use: a code as typed, and the idempotency key. */
export const UseCodeInput = z.object({
  code: DiscountCodeText,
  /** Client-generated, reused on retry: a retry returns the first answer. */
  idempotencyKey: z.uuid(),
});
