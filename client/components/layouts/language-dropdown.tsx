import { NavDropdown } from "react-bootstrap";
import { useLingui } from "@lingui/react/macro";
import { activateLocale } from "../../lib/i18n";
import { LOCALE_NAMES, LOCALES, type Locale } from "../../lib/constants";
import { useUpdateSettings } from "../../lib/api/use-update-settings";

/** §2 language dropdown; §4: a change while logged in is saved to the account. */
export function LanguageDropdown({ loggedIn }: { loggedIn: boolean }) {
  const { i18n, t } = useLingui();
  const save = useUpdateSettings();
  const current = i18n.locale as Locale;
  const choose = async (locale: Locale) => {
    await activateLocale(locale);
    if (loggedIn) save.mutate({ language: locale });
  };
  return (
    <NavDropdown
      title={<span aria-label={t`Language: ${LOCALE_NAMES[current]}`}>{current.toUpperCase()}</span>}
      id="language-menu"
      align="end"
    >
      {LOCALES.map((l) => (
        <NavDropdown.Item key={l} as="button" active={l === current} lang={l} onClick={() => void choose(l)}>
          {LOCALE_NAMES[l]}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
