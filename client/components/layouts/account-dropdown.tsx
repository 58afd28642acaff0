import { Link } from "react-router";
import { NavDropdown } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../app/paths";
import { useLogout } from "../../lib/api/use-logout";
import { ACCOUNT_MENU_ID, AccountMenuTitle, type AccountMenuProps } from "./account-menu";
import { useOpenedEarly } from "./menu-toggle";

/**
 * §2 account menu of the top bar: My profile, Settings, Logout. Loaded after the first screen
 * (account-menu.tsx `AccountMenu`); `openedEarly`: its closed toggle was pressed meanwhile.
 */
export default function AccountDropdown({ name, photoUrl, openedEarly }: AccountMenuProps & { openedEarly: boolean }) {
  const { t } = useLingui();
  const logout = useLogout();
  const startsOpen = useOpenedEarly(ACCOUNT_MENU_ID, openedEarly);
  return (
    <NavDropdown
      align="end"
      id={ACCOUNT_MENU_ID}
      defaultShow={startsOpen}
      title={<AccountMenuTitle name={name} photoUrl={photoUrl} />}
      aria-label={t`Account menu`}
    >
      <NavDropdown.Item as={Link} to={paths.profile}>
        <Trans>My profile</Trans>
      </NavDropdown.Item>
      <NavDropdown.Item as={Link} to={paths.settings}>
        <Trans>Settings</Trans>
      </NavDropdown.Item>
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" onClick={logout}>
        <Trans>Logout</Trans>
      </NavDropdown.Item>
    </NavDropdown>
  );
}
