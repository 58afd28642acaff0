import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "../../../lib/money";

/** An amount in integer cents, formatted in the member's language and the given currency. */
export function Money({ cents, currency }: { cents: number; currency: string }) {
  const { i18n } = useLingui();
  return <>{formatMoney(cents, currency, i18n.locale)}</>;
}
