import { Container, Nav, Navbar, NavDropdown, Badge } from "react-bootstrap";
import { useEffect, useRef, useState } from "react";
import { NavLink, Link, useLocation } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { paths } from "../../app/paths";
import { useMe } from "../../lib/api/use-me";
import { useLogout } from "../../lib/api/use-logout";
import { useCounters } from "../../lib/api/use-counters";
import { CREDITS_BADGE_THRESHOLD } from "../../lib/constants";
import { CountBadge } from "../ui/count-badge";
import { Avatar } from "../ui/avatar";
import { LanguageDropdown } from "./language-dropdown";
import { StandaloneBackButton } from "./back-button";

/**
 * §2 top bar. Logged in: Search members; Messages and Likes with badges (99+); Credits (paid,
 * badge at 10 or fewer: warning above 0, danger at 0) or Get Premium (free); language; account menu.
 * Logged out: Login. On phones and small tablets (below lg, 992 px: the bar needs about 900 px in
 * German or French) Messages and Likes with their badges stay beside the
 * menu toggle, visible without opening it; the badge counts are also said in a polite live region
 * (issue 11). In the installed app, a back button on the screens §2 names (back-button.tsx).
 * The phone menu is controlled (UX review #2): it closes on every navigation (its links, the
 * account menu's items, the icons beside the toggle, back and forward), on a language choice and
 * on Escape, which gives the focus back to the toggle. A long name is cut with "…" on screen and
 * stays whole in the account toggle's name and its title (UX review #8).
 */
export function TopBar() {
  const { me } = useMe();
  const counters = useCounters(!!me);
  const logout = useLogout();
  const { t } = useLingui();
  // Only a member has counts. A visitor's first screen skips the plural rules and number format
  // their first use builds (Intl, ~10 ms on a slow phone: Total Blocking Time, issue 11).
  const unreadLabel = me ? plural(counters.unreadMessages, { one: "unread message", other: "unread messages" }) : "";
  const likesLabel = me ? plural(counters.newLikes, { one: "new like", other: "new likes" }) : "";
  // The menu is open for the page it was opened on: a new location (any navigation) closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const expanded = openOn === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const collapseRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!expanded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // An open dropdown (language, account) takes the first Escape itself. Read in the capture
      // phase, before the dropdown's own listener closes it.
      if (collapseRef.current?.querySelector(".dropdown-menu.show")) return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [expanded]);
  return (
    <Navbar
      expand="lg"
      className="top-bar shadow-sm"
      sticky="top"
      bg="white"
      collapseOnSelect
      expanded={expanded}
      onToggle={(open) => setOpenOn(open ? location.key : null)}
    >
      <Container>
        <StandaloneBackButton />
        <Navbar.Brand as={Link} to={me ? paths.members : paths.home} className="brand">
          <span aria-hidden="true" className="brand-mark">
            ♥
          </span>{" "}
          <Trans>Amora</Trans>
        </Navbar.Brand>
        {me ? (
          <>
            <Nav className="d-flex d-lg-none flex-row ms-auto me-2 gap-1 phone-counters" as="ul">
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to={paths.chats} className="px-2">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path
                      fill="currentColor"
                      d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v10h2v1.2L7.2 16H20V6H4Z"
                    />
                  </svg>
                  <span className="visually-hidden">
                    <Trans>Messages</Trans>
                  </span>
                  <CountBadge count={counters.unreadMessages} label={unreadLabel} />
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to={paths.likes} className="px-2">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path
                      fill="currentColor"
                      d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.3 4.5 6.2 4.5c2.2 0 3.5 1.2 4.3 2.4h3c.8-1.2 2.1-2.4 4.3-2.4 3.9 0 5.8 4.1 4.2 7.2C19.5 16.4 12 21 12 21Z"
                    />
                  </svg>
                  <span className="visually-hidden">
                    <Trans>Likes</Trans>
                  </span>
                  <CountBadge count={counters.newLikes} label={likesLabel} />
                </Nav.Link>
              </Nav.Item>
            </Nav>
            <Navbar.Toggle ref={toggleRef} aria-controls="main-nav" aria-expanded={expanded} label={t`Open menu`} />
            <Navbar.Collapse id="main-nav" ref={collapseRef}>
              <Nav className="me-auto" as="ul">
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={paths.members} eventKey="members" end>
                    <Trans>Search members</Trans>
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={paths.chats} eventKey="chats">
                    <Trans>Messages</Trans>
                    <CountBadge count={counters.unreadMessages} label={unreadLabel} />
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={paths.likes} eventKey="likes">
                    <Trans>Likes</Trans>
                    <CountBadge count={counters.newLikes} label={likesLabel} />
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li" className={me.paidUser ? "d-lg-flex align-items-center" : undefined}>
                  {me.paidUser ? (
                    <>
                      <Nav.Link as={NavLink} to={paths.credits} eventKey="credits" end>
                        <Trans>Credits</Trans>
                        {me.credits <= CREDITS_BADGE_THRESHOLD && (
                          <Badge
                            pill
                            bg={me.credits > 0 ? "warning" : "danger"}
                            text={me.credits > 0 ? "dark" : undefined}
                            className="ms-1"
                          >
                            {me.credits}
                          </Badge>
                        )}
                      </Nav.Link>
                      {/* §2: paid users get a repeat-order link beside Credits: an icon with a
                          tooltip on wide screens, the icon and its words in the phone menu (UX
                          review #15). The words stay its name on every screen. */}
                      <Nav.Link
                        as={NavLink}
                        to={paths.creditsRepeatOrder}
                        eventKey="repeat-order"
                        className="repeat-order-link ps-0"
                        title={t`Repeat order`}
                      >
                        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                          <path fill="currentColor" d="M12 4V1L8 5l4 4V6a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8Z" />
                        </svg>
                        <span className="repeat-order-text">
                          <Trans>Repeat order</Trans>
                        </span>
                      </Nav.Link>
                    </>
                  ) : (
                    <Nav.Link as={NavLink} to={paths.premium} eventKey="premium" className="get-premium">
                      <Trans>Get Premium</Trans>
                    </Nav.Link>
                  )}
                </Nav.Item>
              </Nav>
              <Nav className="align-items-lg-center">
                <span className="navbar-text credits-balance me-lg-3">
                  <Trans>{me.credits} credits</Trans>
                </span>
                <LanguageDropdown loggedIn onChosen={() => setOpenOn(null)} />
                <NavDropdown
                  align="end"
                  id="account-menu"
                  title={
                    <span className="d-inline-flex align-items-center gap-2 mw-100">
                      <Avatar src={me.mainImage?.thumbUrl} name={me.name} size={28} />
                      <span className="account-name text-truncate" title={me.name}>
                        {me.name}
                      </span>
                      {/* The toggle's name says what it opens: "Demo (Account menu)". */}
                      <span className="visually-hidden">({t`Account menu`})</span>
                    </span>
                  }
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
              </Nav>
            </Navbar.Collapse>
            {/* The badges said aloud when they change (the badges themselves are not live). */}
            <div className="visually-hidden" aria-live="polite" aria-atomic="true">
              {counters.unreadMessages > 0 &&
                plural(counters.unreadMessages, { one: "# unread message", other: "# unread messages" })}
              {counters.unreadMessages > 0 && counters.newLikes > 0 && ", "}
              {counters.newLikes > 0 && plural(counters.newLikes, { one: "# new like", other: "# new likes" })}
            </div>
          </>
        ) : (
          <Nav className="ms-auto flex-row align-items-center gap-2">
            <LanguageDropdown loggedIn={false} />
            <Link to={paths.login} className="btn btn-outline-primary btn-sm">
              <Trans>Log in</Trans>
            </Link>
          </Nav>
        )}
      </Container>
    </Navbar>
  );
}
