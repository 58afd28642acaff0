import { useEffect, type ReactNode } from "react";

/**
 * A top-bar menu's toggle, closed, drawn with the markup react-bootstrap's NavDropdown gives it, for
 * the moment before the menu's own code is in (language-menu.tsx, account-menu.tsx: the dropdown
 * brings Popper and its hooks, left out of a phone's first screen, issue 11). Nothing moves when the
 * menu replaces it. A press meanwhile (click, Enter or Space) is kept: `onOpen` is called, and the
 * menu opens as it arrives (`useOpenedEarly`).
 * Input: the toggle's `id` and `title`, the NavDropdown's own `aria-label` and `className` (both on
 * its wrapper), as the menu is given them, and `onOpen`.
 */
export function ClosedMenuToggle({
  id,
  title,
  label,
  className,
  onOpen,
}: {
  id: string;
  title: ReactNode;
  label?: string;
  className?: string;
  onOpen: () => void;
}) {
  return (
    <div aria-label={label} className={className ? `${className} nav-item dropdown` : "nav-item dropdown"}>
      <a
        id={id}
        aria-expanded="false"
        role="button"
        className="dropdown-toggle nav-link"
        tabIndex={0}
        href="#"
        onClick={(e) => {
          e.preventDefault();
          onOpen();
        }}
        onKeyDown={(e) => {
          if (e.key !== "Enter" && e.key !== " ") return;
          e.preventDefault();
          onOpen();
        }}
      >
        {title}
      </a>
    </div>
  );
}

/**
 * For a menu that replaced its closed toggle after a press on it (`openedEarly`): the menu opens
 * at once (pass the result as NavDropdown's `defaultShow`) and its toggle takes the focus the
 * closed one had, so a keyboard goes on from there. Input: the toggle's `id`, `openedEarly`.
 * Output: whether the menu starts open.
 */
export function useOpenedEarly(id: string, openedEarly: boolean): boolean {
  useEffect(() => {
    if (openedEarly) document.getElementById(id)?.focus();
  }, [id, openedEarly]);
  return openedEarly;
}
