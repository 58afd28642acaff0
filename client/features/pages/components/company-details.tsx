import { Trans, useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "../../../lib/router-types";
import { countryName } from "../../../lib/intl";

export type CompanyDetailsData = RouterOutputs["site"]["company"];

/**
 * §3 company info as an address block: the company's name and trade names, address, city and
 * country, registration and VAT numbers. Empty fields are left out.
 */
export function CompanyAddress({ company }: { company: CompanyDetailsData }) {
  const { i18n } = useLingui();
  const place = [company.city, company.country ? countryName(company.country, i18n.locale) : ""]
    .filter(Boolean)
    .join(", ");
  return (
    <address className="company-details mb-0" data-testid="company-details">
      {company.name && (
        <>
          <strong>{company.name}</strong>
          <br />
        </>
      )}
      {company.address && (
        <>
          {company.address}
          <br />
        </>
      )}
      {place && (
        <>
          {place}
          <br />
        </>
      )}
      <dl className="company-facts mt-2 mb-0">
        {company.tradenames.length > 0 && (
          <div>
            <dt>
              <Trans>Trade names</Trans>
            </dt>
            <dd>{company.tradenames.join(", ")}</dd>
          </div>
        )}
        {company.registrationNumber && (
          <div>
            <dt>
              <Trans>Registration number</Trans>
            </dt>
            <dd>{company.registrationNumber}</dd>
          </div>
        )}
        {company.vatNumbers.length > 0 && (
          <div>
            <dt>
              <Trans>VAT number</Trans>
            </dt>
            <dd>{company.vatNumbers.join(", ")}</dd>
          </div>
        )}
      </dl>
    </address>
  );
}

/**
 * Support contacts: the support phone as written, linked as `tel:` with the number cleaned of
 * dashes and spaces (§9), and the support e-mail address. Nothing when the site has neither.
 */
export function SupportContacts({ company }: { company: CompanyDetailsData }) {
  if (!company.supportPhoneTel && !company.supportEmail) return null;
  return (
    <ul className="support-contacts list-unstyled mb-0" data-testid="support-contacts">
      {company.supportPhoneTel && (
        <li>
          <span className="support-contacts-label">
            <Trans>Phone</Trans>
          </span>{" "}
          <a href={`tel:${company.supportPhoneTel}`}>{company.supportPhone}</a>
        </li>
      )}
      {company.supportEmail && (
        <li>
          <span className="support-contacts-label">
            <Trans>E-mail</Trans>
          </span>{" "}
          <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
        </li>
      )}
    </ul>
  );
}
