import { useLingui } from "@lingui/react";
import { COUNTRY_CODES } from "../../lib/profile-labels";
import { byCountryName } from "../../lib/intl";

/**
 * The `<option>`s of the spec's countries (§2 'Language choices by country'; lib/profile-labels
 * COUNTRY_CODES), named in the interface language and sorted by that name, for a country
 * `<Form.Select>`. Put any "Any country" / "Not set" option before it.
 */
export function CountryOptions() {
  const { i18n } = useLingui();
  return (
    <>
      {byCountryName(COUNTRY_CODES, i18n.locale).map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}
