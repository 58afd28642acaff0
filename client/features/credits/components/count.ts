import { useLingui } from "@lingui/react/macro";
import { integerFormat } from "../../../lib/intl";

/**
 * Formats whole numbers (credits) with the member's language's digit grouping.
 * @returns `count(n)`: 1500 → "1,500" (en), "1.500" (de, nl), "1 500" (fr, pl).
 */
export function useFormatCount(): (n: number) => string {
  const { i18n } = useLingui();
  const format = integerFormat(i18n.locale);
  return (n) => format.format(n);
}
