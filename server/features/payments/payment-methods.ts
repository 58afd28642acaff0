/**
 * §3 payment methods and the §2 payment country: which methods and which currency a country
 * gets. The site's countries are §2's (server/constants.ts COUNTRY_LANGUAGES).
 */

/** §3 enumeration: every payment method, in the spec's order. */
export const PAYMENT_METHODS = [
  "sdd",
  "prezelewy24",
  "blik",
  "sct",
  "giropay",
  "mastercard",
  "visa",
  "creditcard",
  "cartebancaire",
  "nexi",
  "ideal",
  "bancontact",
  "applepay",
  "paysafecard",
  "maestro",
  "paypal",
  "sofort",
  "eps",
] as const;
/** One §3 payment method. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** §3 currencies of the package prices. */
export const CURRENCIES = ["EUR", "GBP", "USD", "CHF", "PLN", "CAD", "AUD", "NZD"] as const;
/** One §3 currency. */
export type Currency = (typeof CURRENCIES)[number];

/** Card methods: the payer may save the card at checkout, and a repeat order charges it directly. */
export const CARD_METHODS: ReadonlySet<PaymentMethod> = new Set([
  "visa",
  "mastercard",
  "maestro",
  "creditcard",
  "cartebancaire",
  "nexi",
]);

/** SEPA direct debit: needs a mandate confirmed on /directdebit (§2, §5). */
export const DIRECT_DEBIT_METHOD: PaymentMethod = "sdd";

/** The currency a payment country pays in; the euro countries are the rest. */
const CURRENCY_OF_COUNTRY: Readonly<Record<string, Currency>> = {
  GB: "GBP",
  US: "USD",
  CH: "CHF",
  PL: "PLN",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
};

const EURO_CARDS: PaymentMethod[] = ["visa", "mastercard"];
const SEPA: PaymentMethod[] = ["sdd", "sct"];

/**
 * Methods offered per payment country, local methods first (issue 4: ideal NL, bancontact BE,
 * blik and prezelewy24 PL, sofort and giropay DE, eps AT, cartebancaire FR, nexi IT; cards,
 * paypal, applepay, paysafecard, sdd and sct where they apply: SEPA methods in the euro area).
 */
const METHODS_OF_COUNTRY: Readonly<Record<string, readonly PaymentMethod[]>> = {
  NL: ["ideal", ...EURO_CARDS, "paypal", "applepay", ...SEPA, "paysafecard"],
  BE: ["bancontact", ...EURO_CARDS, "maestro", "paypal", "applepay", ...SEPA, "paysafecard"],
  DE: ["sofort", "giropay", ...EURO_CARDS, "paypal", "applepay", ...SEPA, "paysafecard"],
  AT: ["eps", "sofort", ...EURO_CARDS, "paypal", "applepay", ...SEPA, "paysafecard"],
  FR: ["cartebancaire", ...EURO_CARDS, "paypal", "applepay", ...SEPA, "paysafecard"],
  IT: ["nexi", ...EURO_CARDS, "maestro", "paypal", "applepay", ...SEPA],
  ES: [...EURO_CARDS, "maestro", "paypal", "applepay", ...SEPA],
  IE: [...EURO_CARDS, "paypal", "applepay", ...SEPA],
  PL: ["blik", "prezelewy24", ...EURO_CARDS, "paypal", "applepay", "paysafecard"],
  GB: [...EURO_CARDS, "maestro", "paypal", "applepay", "paysafecard"],
  CH: ["creditcard", "paypal", "applepay", "paysafecard"],
  US: ["creditcard", "paypal", "applepay"],
  CA: ["creditcard", "paypal", "applepay"],
  AU: ["creditcard", "paypal", "applepay"],
  NZ: ["creditcard", "paypal", "applepay"],
};

/** The countries one can pay from: §2's fifteen. */
export const PAYMENT_COUNTRIES = Object.keys(METHODS_OF_COUNTRY);

/** The currency of a payment country (EUR for the euro area). */
export function currencyOf(country: string): Currency {
  return CURRENCY_OF_COUNTRY[country] ?? "EUR";
}

/** The methods offered in a payment country, in display order; empty for an unknown country. */
export function methodsOf(country: string): readonly PaymentMethod[] {
  return METHODS_OF_COUNTRY[country] ?? [];
}

/** The payment country a member gets by default: their profile's, if one can pay from it, else NL. */
export function defaultPaymentCountry(profileCountry: string | null | undefined): string {
  return profileCountry && METHODS_OF_COUNTRY[profileCountry] ? profileCountry : "NL";
}
