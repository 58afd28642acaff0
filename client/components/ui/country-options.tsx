import { COUNTRY_CODES, useEnumLabels } from "../../lib/profile-labels";

/**
 * The `<option>`s of the spec's countries (§2 'Language choices by country'; lib/profile-labels
 * COUNTRY_CODES), named in the interface language and sorted by that name, for a country
 * `<Form.Select>`. Put any "Any country" / "Not set" option before it.
 */
export function CountryOptions() {
  const { country } = useEnumLabels();
  const sorted = [...COUNTRY_CODES].sort((a, b) => country(a).localeCompare(country(b)));
  return (
    <>
      {sorted.map((c) => (
        <option key={c} value={c}>
          {country(c)}
        </option>
      ))}
    </>
  );
}
