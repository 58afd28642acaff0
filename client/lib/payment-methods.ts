import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/** §3 payment methods as members know them: brand names stay as they are, the generic ones are translated. */
const LABELS: Record<string, string | MessageDescriptor> = {
  sdd: msg`SEPA direct debit`,
  prezelewy24: "Przelewy24",
  blik: "BLIK",
  sct: msg`Bank transfer (SEPA)`,
  giropay: "giropay",
  mastercard: "Mastercard",
  visa: "Visa",
  creditcard: msg`Credit card`,
  cartebancaire: "Carte Bancaire",
  nexi: "Nexi",
  ideal: "iDEAL",
  bancontact: "Bancontact",
  applepay: "Apple Pay",
  paysafecard: "paysafecard",
  maestro: "Maestro",
  paypal: "PayPal",
  sofort: "Sofort",
  eps: "eps",
};

/** A short note under a method in the list. */
const NOTES: Record<string, MessageDescriptor> = {
  sdd: msg`Collected from your bank account; needs a one-time confirmation by SMS.`,
  sct: msg`Credits arrive when your transfer does (1–2 working days).`,
  paysafecard: msg`Pay with a prepaid code.`,
};

/** Anything that translates a message descriptor: Lingui's i18n. */
interface Translator {
  _(descriptor: MessageDescriptor): string;
}

/** The method's name in the member's language. */
export function methodLabel(method: string, i18n: Translator): string {
  const label = LABELS[method];
  if (label === undefined) return method;
  return typeof label === "string" ? label : i18n._(label);
}

/** A short note under the method in the list, or null. */
export function methodNote(method: string, i18n: Translator): string | null {
  const note = NOTES[method];
  return note ? i18n._(note) : null;
}

/** Card methods: a card can be saved for one-click repeat orders. */
export const CARD_METHODS = new Set(["visa", "mastercard", "maestro", "creditcard", "cartebancaire", "nexi"]);
