import { z } from "zod";
import { Id } from "../../validation.js";
import { PAYMENT_COUNTRIES, PAYMENT_METHODS } from "./payment-methods.js";

/** §3 payment method. */
export const PaymentMethodInput = z.enum(PAYMENT_METHODS);
/** §3 payment country: one of the §2 countries one can pay from. */
export const PaymentCountryInput = z
  .string()
  .refine((c) => PAYMENT_COUNTRIES.includes(c), { message: "Choose a payment country" });
/** A discount code as typed: letters, digits, dash and underscore. */
export const DiscountCodeText = z
  .string()
  .trim()
  .min(1, { message: "Enter a code" })
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: "Code not found" });

/** payments.start: package, method, payment country, the discount shown, and the idempotency key. */
export const StartPaymentInput = z.object({
  packageId: Id,
  method: PaymentMethodInput,
  country: PaymentCountryInput,
  /** The code of the discount the member was shown, or null for the list price. */
  discountCode: DiscountCodeText.nullable(),
  /** Client-generated, reused on retry: a retry returns the first payment. */
  idempotencyKey: z.uuid(),
});

/** One of the member's payments. */
export const PaymentIdInput = z.object({ paymentId: Id });

/** payments.list: a page of history, before `cursor` (a payment id). */
export const ListPaymentsInput = z.object({
  cursor: Id.nullish(),
  limit: z.number().int().min(1).max(50).optional(),
});

/** payments.repeat: which earlier payment to repeat, and the idempotency key. */
export const RepeatOrderInput = z.object({
  /** The earlier payment to repeat; default: the last completed one. */
  paymentId: Id.nullish(),
  idempotencyKey: z.uuid(),
});
