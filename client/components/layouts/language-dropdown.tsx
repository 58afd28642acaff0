import { Link } from "react-router";
import { NavDropdown } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { activateLocale } from "../../lib/i18n";
import { LOCALE_NAMES, type Locale } from "../../lib/constants";
import { languageChoices, selectedCountry } from "../../lib/languages";
import { useUpdateSettings } from "../../lib/api/use-update-settings";
import { useSiteVisitor } from "../../lib/api/use-site-visitor";
import "./language-dropdown.css";

/**
 * §2 language dropdown: the languages of the visitor's country (§2 "Language choices by country",
 * client/lib/languages.ts), with the current and the browser language always, all seven when a
 * logged-out visitor chose another country than the detected one; and a link to /lang-config.
 * §4: a change while logged in is saved to the account. `onChosen` runs on a choice (the top bar
 * closes its phone menu).
 */
export function LanguageDropdown({ loggedIn, onChosen }: { loggedIn: boolean; onChosen?: () => void }) {
  const { i18n, t } = useLingui();
  const save = useUpdateSettings();
  const visitor = useSiteVisitor();
  const current = i18n.locale as Locale;
  const choices = languageChoices({
    selectedCountry: selectedCountry(),
    detectedCountry: visitor.data?.geoipCountry ?? null,
    loggedIn,
    current,
    browserLanguage: typeof navigator === "undefined" ? null : navigator.language,
  });
  const choose = async (locale: Locale) => {
    onChosen?.();
    await activateLocale(locale);
    if (loggedIn) save.mutate({ language: locale });
  };
  return (
    <NavDropdown
      title={
        // The visible code stays in the button's name (WCAG 2.5.3): "EN (Language: English)". An
        // aria-label on a span is not allowed (generic role) and screen readers may ignore it.
        <>
          {current.toUpperCase()} <span className="visually-hidden">({t`Language: ${LOCALE_NAMES[current]}`})</span>
        </>
      }
      id="language-menu"
      align="end"
      className={loggedIn ? undefined : "language-dropdown-floating"}
    >
      {choices.map((l) => (
        <NavDropdown.Item key={l} as="button" active={l === current} lang={l} onClick={() => void choose(l)}>
          {LOCALE_NAMES[l]}
        </NavDropdown.Item>
      ))}
      <NavDropdown.Divider />
      <NavDropdown.Item as={Link} to="/lang-config">
        <Trans>Country and language…</Trans>
      </NavDropdown.Item>
    </NavDropdown>
  );
}
