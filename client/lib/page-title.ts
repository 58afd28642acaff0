import { badgeText } from "./counters";

/**
 * The document title (issue 11, §2): `(unread) Page — Site`, e.g. '(3) Messages — Amora'. Two
 * writers share it: the live provider sets the unread count (messages plus new likes, capped 99+)
 * and the site name; the layouts set the page's name (its h1) after each route change.
 */
const state = { count: 0, page: "", site: "Amora" };

/** Update part of the title and write `document.title`. `count` ≥ 0; `page` "" for none. */
export function setPageTitle(part: Partial<typeof state>): void {
  Object.assign(state, part);
  const count = state.count > 0 ? `(${badgeText(state.count)}) ` : "";
  const page = state.page ? `${state.page} — ` : "";
  const title = `${count}${page}${state.site}`;
  if (typeof document !== "undefined" && document.title !== title) document.title = title;
}
