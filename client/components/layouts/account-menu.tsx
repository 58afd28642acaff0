import { lazy, Suspense, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { Avatar } from "../ui/avatar";
import { ClosedMenuToggle } from "./menu-toggle";

const AccountDropdown = lazy(() => import("./account-dropdown"));

/** The account menu's toggle id. */
export const ACCOUNT_MENU_ID = "account-menu";

/** What the account menu shows of the member: their name and main photo (thumbnail URL, or none). */
export interface AccountMenuProps {
  name: string;
  photoUrl: string | undefined;
}

/** The account menu's toggle: the member's photo and name. */
export function AccountMenuTitle({ name, photoUrl }: AccountMenuProps) {
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <Avatar src={photoUrl} name={name} size={28} />
      <span>{name}</span>
    </span>
  );
}

/**
 * §2 account menu (account-dropdown.tsx), its code loaded after the first screen; its closed toggle
 * meanwhile (menu-toggle.tsx), whose press opens the menu as it arrives.
 */
export function AccountMenu(props: AccountMenuProps) {
  const { t } = useLingui();
  const [openedEarly, setOpenedEarly] = useState(false);
  return (
    <Suspense
      fallback={
        <ClosedMenuToggle
          id={ACCOUNT_MENU_ID}
          title={<AccountMenuTitle {...props} />}
          label={t`Account menu`}
          onOpen={() => setOpenedEarly(true)}
        />
      }
    >
      <AccountDropdown {...props} openedEarly={openedEarly} />
    </Suspense>
  );
}
