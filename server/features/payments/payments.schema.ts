import { z } from "zod";
import { Id } from "../../validation.js";
import { PAYMENT_COUNTRIES, PAYMENT_METHODS } from "./payment-methods.js";

export const PaymentMethodInput = z.enum(PAYMENT_METHODS);
export const PaymentCountryInput = z.string().refine((c) => PAYMENT_COUNTRIES.includes(c), { message: "Choose a payment country" });
/** A discount code as typed: letters, digits, dash and underscore. */
export const DiscountCodeText = z.string().trim().min(1, { message: "Enter a code" }).max(64).regex(/^[A-Za-z0-9_-]+$/, { message: "Code not found" });

export const StartPaymentInput = z.object({
  packageId: Id,
  method: PaymentMethodInput,
  country: PaymentCountryInput,
  /** The code of the discount the member was shown, or null for the list price. */
  discountCode: DiscountCodeText.nullable(),
  /** Client-generated, reused on retry: a retry returns the first payment. */
  idempotencyKey: z.uuid(),
});

export const PaymentIdInput = z.object({ paymentId: Id });

export const ListPaymentsInput = z.object({
  cursor: Id.nullish(),
  limit: z.number().int().min(1).max(50).optional(),
});

export const RepeatOrderInput = z.object({
  /** The earlier payment to repeat; default: the last completed one. */
  paymentId: Id.nullish(),
  idempotencyKey: z.uuid(),
});
