/** Every route of the app (§2), in one place. Links and navigation use these. */
export const paths = {
  home: "/",
  members: "/members",
  member: (id: number | string) => `/members/${id}`,
  memberChat: (id: number | string) => `/members/${id}/chat`,
  likes: "/likes",
  likesOfType: (type: "sent" | "received" | "match") => `/likes/${type}`,
  chats: "/chats",
  chat: (conversationId: number | string) => `/chats/${conversationId}`,
  credits: "/credits",
  creditsRepeatOrder: "/credits/repeat-order",
  /** §2 /credits/{id}/{paymentmethod?}: buy one package, with a method chosen or not yet. */
  creditsPackage: (id: number | string, method?: string) => (method ? `/credits/${id}/${method}` : `/credits/${id}`),
  transactions: "/transactions",
  transaction: (id: number | string) => `/transactions/${id}`,
  directDebit: "/directdebit",
  premium: "/premium",
  pricing: "/pricing",
  profile: "/profile",
  notifications: "/notifications",
  login: "/login",
  signup: "/signup",
  /** §2, §4 the signup steps after the account exists (photo, location, personal info, about me, push, confirm e-mail). */
  completeSignup: "/complete-signup",
  /** §2 suggested members after signup. */
  signupMatches: "/signup-matches",
  /** §2 language configuration: choose country and language. */
  langConfig: "/lang-config",
  activate: "/activate",
  activateDone: "/activate/done",
  activateError: "/activate/error",
  resetPassword: "/reset-password",
  resetPasswordDo: "/reset-password/do",
  mailChangeDo: "/mail-change/do",
  settings: "/settings",
  /** The "Delete account" section of the settings (§2, §3 delete reasons). */
  deleteAccount: "/settings/delete",
  /** Invisible mode and the members one blocked, with unblock (§4). */
  blockedMembers: "/settings/blocked",
  /** §2 shown after deletion. */
  accountDeleted: "/account-deleted",
  /** The link of the deletion mail (§4). */
  reactivate: "/reactivate",
  /** The unsubscribe link of every mail (asks before unsubscribing). */
  unsubscribe: "/unsubscribe",
  terms: "/terms",
  privacy: "/privacy",
  cookies: "/cookies",
  ban: "/ban",
  faq: "/faq",
  service: "/service",
  returnPolicy: "/return-policy",
  complaints: "/complaints",
  /** §2 `{token}` static pages: the site's own pages (and the built-in ones under /pages/{page}). */
  page: (token: string) => `/pages/${encodeURIComponent(token)}`,
  /** §2 match finder: pick preferences and see matching members. */
  matchFinder: "/match-finder",
  /** §2 swipe game: like or pass members one by one (§8, §9 daily limit). */
  swipeGame: "/swipe-game",
  /** The operator console (issue 10): operators only; everyone else gets the 404 page. */
  ops: "/ops",
} as const;

/**
 * Every route pattern the app answers (react-router syntax: `:param`, `:param?` optional), the one
 * list the server shares (issue 11): a GET of a path that matches none answers status 404 with
 * the §2 404 page. Every `path` of app/router.tsx must be listed here (tests/integration/
 * site-pages.test.ts checks), so add a new screen's pattern in the same commit as its route.
 */
export const routePatterns = [
  "/",
  "/login",
  "/signup",
  "/complete-signup",
  "/signup-matches",
  "/lang-config",
  "/premium",
  "/pricing",
  "/terms",
  "/privacy",
  "/cookies",
  "/ban",
  "/faq",
  "/service",
  "/return-policy",
  "/complaints",
  "/pages/:token",
  "/match-finder",
  "/swipe-game",
  "/members",
  "/members/:id",
  "/members/:id/chat",
  "/likes",
  "/likes/m/:id",
  "/likes/:type",
  "/chats",
  "/chats/:id",
  "/profile",
  "/notifications",
  "/credits",
  "/credits/repeat-order",
  "/credits/:id/:paymentmethod?",
  "/transactions",
  "/transactions/:id",
  "/directdebit",
  "/activate",
  "/activate/done",
  "/activate/error",
  "/reset-password",
  "/reset-password/do",
  "/mail-change/do",
  "/settings",
  "/settings/delete",
  "/settings/blocked",
  "/account-deleted",
  "/reactivate",
  "/unsubscribe",
  "/checkout/:reference",
  "/ops",
  // §2 landing pages (issue 11): the lander layout; a slug picks a headline (client/features/landers).
  "/landers/adultonly",
  "/landers/tinderswipe",
  "/landers/whoneedsstrings",
  "/landers/alonetonight/:slug?",
  "/landers/collagelanding/:slug?",
  "/landers/gallery/:slug?",
  "/landers/iconslanding/:slug?",
  "/landers/maplanding/:slug?",
  "/landers/socialnetwork/:slug?",
  "/landers/transitionsvideolanding/:slug?",
  "/landers/video/:slug?",
  "/members/:id/landing",
  "/members/:id/signup",
  "/members/:id/landing2/:slug?",
  "/members/:id/landing3/:slug?",
] as const;

/**
 * The built-in §2 static pages, also under /pages/{page} (the spec's route names pages-terms …):
 * the server answers /pages/{token} with 200 for these and for the site's own `site_pages`
 * tokens, else 404 (issue 11). features/pages/routes/static-page.tsx has one text per slug.
 */
export const builtInPageSlugs = ["terms", "privacy", "cookies", "ban", "faq", "service", "return-policy"] as const;
export type BuiltInPageSlug = (typeof builtInPageSlugs)[number];

/**
 * The token of a /pages/{token} path (decoded), or null for any other path or an undecodable one.
 * @returns "about-us" for "/pages/about-us" and "/pages/about-us/"; null for "/pages" or "/terms".
 */
export function pageTokenOf(pathname: string): string | null {
  const match = /^\/pages\/([^/]+)\/?$/i.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * Pages for visitors (no login needed), listed in /sitemap.xml (issue 11) with the site's own
 * /pages/{token}. The landers are left out on purpose: they are the targets of paid campaigns
 * (§2), variants of one sign-up page, not pages for a search engine to index.
 */
export const publicPages = [
  paths.home,
  paths.login,
  paths.signup,
  paths.langConfig,
  paths.premium,
  paths.pricing,
  paths.faq,
  paths.service,
  paths.terms,
  paths.privacy,
  paths.cookies,
  paths.ban,
  paths.returnPolicy,
  paths.complaints,
] as const;

const patternRegexes = routePatterns.map((pattern) => {
  const body = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${body}/?$`, "i");
});

/**
 * Whether `pathname` (no query, percent-encoded as in a URL) is one of the app's routes.
 * @returns true for "/", "/members/12", "/credits/3/card"; false for "/nope" or "/members/1/2/3".
 */
export function isAppRoute(pathname: string): boolean {
  return appRoutePatternOf(pathname) !== null;
}

/**
 * The route pattern of routePatterns that `pathname` (no query, percent-encoded) matches, e.g.
 * "/members/:id" for "/members/12" (the server's metrics count pages by it); null for none.
 */
export function appRoutePatternOf(pathname: string): string | null {
  if (pathname === "/") return "/";
  const i = patternRegexes.findIndex((re) => re.test(pathname));
  return i < 0 ? null : routePatterns[i]!;
}

/**
 * The screen module (its path under client/, as in the build's manifest) of the pages a first
 * visit most often opens (issue 11): the server names its chunks in the app's HTML so that they
 * load beside the entry script (server/http/app-page.ts), and `npm run bench:web` counts them in
 * the page's first-load JavaScript. Each must be the module app/router.tsx loads for that path
 * (tests/integration/site-pages.test.ts checks).
 */
export const entryScreens: Readonly<Record<string, string>> = {
  [paths.home]: "features/auth/routes/home-page.tsx",
  [paths.login]: "features/auth/routes/login-page.tsx",
  [paths.members]: "features/members/routes/search-page.tsx",
};
