import { lazy, Suspense, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { LOCALE_NAMES, type Locale } from "../../lib/constants";
import { ClosedMenuToggle } from "./menu-toggle";
import "./language-dropdown.css";

const LanguageDropdown = lazy(() => import("./language-dropdown"));

/** The language menu's toggle id. */
export const LANGUAGE_MENU_ID = "language-menu";

/** The language menu's wrapper class: logged out, the menu floats over the page on phones too. */
export function languageMenuClass(loggedIn: boolean): string | undefined {
  return loggedIn ? undefined : "language-dropdown-floating";
}

/** The language menu's toggle text: the current language's code, named in full for assistive technology. */
export function LanguageMenuTitle() {
  const { i18n, t } = useLingui();
  const current = i18n.locale as Locale;
  return <span aria-label={t`Language: ${LOCALE_NAMES[current]}`}>{current.toUpperCase()}</span>;
}

/**
 * §2 language dropdown (language-dropdown.tsx), its code loaded after the first screen; its closed
 * toggle meanwhile (menu-toggle.tsx), whose press opens the menu as it arrives. Input: whether a
 * member is logged in (§4: a change is saved to the account).
 */
export function LanguageMenu({ loggedIn }: { loggedIn: boolean }) {
  const [openedEarly, setOpenedEarly] = useState(false);
  return (
    <Suspense
      fallback={
        <ClosedMenuToggle
          id={LANGUAGE_MENU_ID}
          title={<LanguageMenuTitle />}
          className={languageMenuClass(loggedIn)}
          onOpen={() => setOpenedEarly(true)}
        />
      }
    >
      <LanguageDropdown loggedIn={loggedIn} openedEarly={openedEarly} />
    </Suspense>
  );
}
