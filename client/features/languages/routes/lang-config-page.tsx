import { useState, type FormEvent } from "react";
import { Alert, Card, Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { activateLocale } from "../../../lib/i18n";
import { LOCALE_NAMES, type Locale } from "../../../lib/constants";
import { languageChoices, saveSelectedCountry, selectedCountry, toLocale } from "../../../lib/languages";
import { useMe } from "../../../lib/api/use-me";
import { useSiteVisitor } from "../../../lib/api/use-site-visitor";
import { useUpdateSettings } from "../../../lib/api/use-update-settings";
import { CountryOptions } from "../../../components/ui/country-options";
import { PendingButton } from "../../../components/ui/pending-button";

/**
 * §2 /lang-config, the language configuration: choose a country (kept in the `country` cookie,
 * 365 days) and one of the languages offered there (§2 "Language choices by country"; all seven
 * when a logged-out visitor picks another country than the detected one). Saving switches the
 * interface at once and sets the locale cookie (§9 365 days); a member's choice is also saved to
 * the account (§4).
 */
export function LangConfigPage() {
  const { t, i18n } = useLingui();
  const { me } = useMe();
  const visitor = useSiteVisitor();
  const save = useUpdateSettings();
  const detected = visitor.data?.geoipCountry ?? null;
  const [country, setCountry] = useState<string>(() => selectedCountry() ?? "");
  const [language, setLanguage] = useState<Locale>(i18n.locale as Locale);
  const [saved, setSaved] = useState(false);
  // The detected country (or a member's own) arrives after the first render: used until one is picked.
  const shownCountry = country || detected || me?.country || "";

  const choices = languageChoices({
    selectedCountry: shownCountry || null,
    detectedCountry: detected,
    loggedIn: !!me,
    current: i18n.locale as Locale,
    browserLanguage: navigator.language,
  });
  const shownLanguage = choices.includes(language) ? language : choices[0]!;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const locale = toLocale(shownLanguage) ?? "en"; // §4: only the seven codes
    if (shownCountry) saveSelectedCountry(shownCountry);
    await activateLocale(locale);
    if (me) save.mutate({ language: locale });
    setSaved(true);
  };

  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-3">
          <Trans>Country and language</Trans>
        </h1>
        <p className="text-body-secondary">
          <Trans>Choose where you are and the language you want to use on the site.</Trans>
        </p>
        {saved && (
          <Alert variant="success" role="status">
            <Trans>Your language settings are saved.</Trans>
          </Alert>
        )}
        <Form onSubmit={(e) => void onSubmit(e)} aria-label={t`Country and language`}>
          <Form.Group className="mb-3" controlId="lang-config-country">
            <Form.Label>
              <Trans>Country</Trans>
            </Form.Label>
            <Form.Select
              value={shownCountry}
              onChange={(e) => {
                setCountry(e.target.value);
                setSaved(false);
              }}
            >
              {!shownCountry && <option value="">{t`Choose your country`}</option>}
              <CountryOptions />
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-4" controlId="lang-config-language">
            <Form.Label>
              <Trans>Language</Trans>
            </Form.Label>
            <Form.Select
              value={shownLanguage}
              onChange={(e) => {
                setLanguage(e.target.value as Locale);
                setSaved(false);
              }}
            >
              {choices.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <PendingButton type="submit" className="w-100" pending={save.isPending}>
            <Trans>Save</Trans>
          </PendingButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
