import { Container } from "react-bootstrap";
import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../app/paths";

/** §2 footer links, the rights line and the adult-entry disclaimer. */
export function Footer() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  const links = [
    [paths.terms, t`Terms`],
    [paths.privacy, t`Privacy`],
    [paths.cookies, t`Cookies`],
    [paths.ban, t`Ban`],
    [paths.pricing, t`Pricing`],
    [paths.complaints, t`Complaints`],
    [paths.returnPolicy, t`Return policy`],
    [paths.faq, t`FAQ`],
    [paths.service, t`Support`],
  ] as const;
  return (
    <footer className="site-footer mt-auto py-4">
      <Container>
        <nav aria-label={t`Footer`}>
          <ul className="list-inline mb-2">
            {links.map(([to, label]) => (
              <li key={to} className="list-inline-item">
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="small text-body-secondary mb-1">
          <Trans>This site is for adults only (18+). Profiles may include fictional profiles for entertainment.</Trans>
        </p>
        <p className="small text-body-secondary mb-0">
          <Trans>© {year} Amora. All rights reserved.</Trans>
        </p>
      </Container>
    </footer>
  );
}
