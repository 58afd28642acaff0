import { Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { byCountryName } from "../../../lib/intl";

/** §3 payment country: decides the currency and the methods offered. */
export function PaymentCountrySelect({
  value,
  countries,
  currency,
  onChange,
}: {
  value: string;
  countries: string[];
  currency: string;
  onChange: (c: string) => void;
}) {
  const { i18n } = useLingui();
  const sorted = byCountryName(countries, i18n.locale);
  return (
    <Form.Group controlId="payment-country" className="payment-country">
      <Form.Label className="small mb-1">
        <Trans>Payment country</Trans>
      </Form.Label>
      <Form.Select
        size="sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="payment-currency"
      >
        {sorted.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </Form.Select>
      <Form.Text id="payment-currency">
        <Trans>Prices in {currency}</Trans>
      </Form.Text>
    </Form.Group>
  );
}
