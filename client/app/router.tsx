import { createBrowserRouter, Navigate, Outlet, useLocation, useNavigation } from "react-router";
// The DOM RouterProvider: navigations can ask for `flushSync` (lib/api/use-logout.ts).
import { RouterProvider } from "react-router/dom";
import { ChatLayout, DefaultLayout, EmptyLayout, LanderLayout } from "../components/layouts/layouts";
import { NotFoundPage, RouteErrorPage } from "../components/errors/error-pages";
import { LoadingState } from "../components/ui/states";
import { useMe } from "../lib/api/use-me";
import { useSiteVisitor } from "../lib/api/use-site-visitor";
import { isLoggingOut } from "../lib/session";
import { LiveProvider } from "./live-provider";
import { UrlParams } from "./url-params";
import { SignupModalHost } from "./signup-modal-host";
import { paths } from "./paths";

/** Member-only routes: visitors are sent to login and come back afterwards. */
function RequireMember() {
  const { me, isLoading } = useMe();
  const location = useLocation();
  const navigation = useNavigation();
  if (isLoading) return <LoadingState />;
  if (!me) {
    // The member's own logout: it goes home once the server has answered (lib/api/use-logout.ts).
    // Until the home screen is drawn (its navigation ends in a transition, which a render for
    // "visitor" may come before), this page is being left anyway: nowhere else to send them.
    if (isLoggingOut() || navigation.state !== "idle") return <LoadingState />;
    return <Navigate to={`${paths.login}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return <Outlet />;
}

/** §4 "Logged-out search is visible if logged in, or either logged-out-search setting is not 'none'". */
function RequireMemberOrOpenSearch() {
  const { me, isLoading } = useMe();
  const visitor = useSiteVisitor();
  if (isLoading || (!me && visitor.isLoading)) return <LoadingState />;
  if (me || visitor.data?.loggedOutSearch) return <Outlet />;
  return <RequireMember />;
}

/**
 * Routes are lazy: each screen's code loads when first visited. A chunk gone after a deploy fails
 * the navigation into RouteErrorPage at the new address, which reloads it once (§8).
 */
const lazy =
  <T,>(load: () => Promise<T>, pick: (m: T) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** The first load's fallback while the first screen's code loads (HydrateFallback): nothing. */
function NothingYet() {
  return null;
}

const router = createBrowserRouter([
  {
    element: (
      <LiveProvider>
        <Outlet />
        <UrlParams />
        <SignupModalHost />
      </LiveProvider>
    ),
    errorElement: <RouteErrorPage />,
    // Nothing is drawn until the first screen's code is in (it is preloaded by the page: issue 11);
    // said here, so react-router does not warn on every first load that no fallback was given. A
    // layout drawn before its screen measured no faster (docs/performance.md) and moves the footer.
    HydrateFallback: NothingYet,
    children: [
      {
        element: <DefaultLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            index: true,
            lazy: lazy(
              () => import("../features/auth/routes/home-page"),
              (m) => m.HomePage,
            ),
          },
          {
            path: "login",
            lazy: lazy(
              () => import("../features/auth/routes/login-page"),
              (m) => m.LoginPage,
            ),
          },
          {
            path: "signup",
            lazy: lazy(
              () => import("../features/auth/routes/signup-page"),
              (m) => m.SignupPage,
            ),
          },
          {
            path: "reset-password",
            lazy: lazy(
              () => import("../features/auth/routes/reset-password-pages"),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: "reset-password/do",
            lazy: lazy(
              () => import("../features/auth/routes/reset-password-pages"),
              (m) => m.ResetPasswordDoPage,
            ),
          },
          {
            path: "mail-change/do",
            lazy: lazy(
              () => import("../features/account/routes/mail-change-page"),
              (m) => m.MailChangeDoPage,
            ),
          },
          {
            path: "premium",
            lazy: lazy(
              () => import("../features/pages/routes/premium-page"),
              (m) => m.PremiumPage,
            ),
          },
          {
            path: "pricing",
            lazy: lazy(
              () => import("../features/pages/routes/premium-page"),
              (m) => m.PremiumPage,
            ),
          },
          ...["terms", "privacy", "cookies", "ban", "faq", "service", "return-policy"].map((path) => ({
            path,
            lazy: lazy(
              () => import("../features/pages/routes/static-page"),
              (m) => m.StaticPage,
            ),
          })),
          {
            path: "pages/:token",
            lazy: lazy(
              () => import("../features/pages/routes/static-page"),
              (m) => m.StaticPage,
            ),
          },
          {
            path: "complaints",
            lazy: lazy(
              () => import("../features/pages/routes/complaints-page"),
              (m) => m.ComplaintsPage,
            ),
          },
          {
            path: "lang-config",
            lazy: lazy(
              () => import("../features/languages/routes/lang-config-page"),
              (m) => m.LangConfigPage,
            ),
          },
          {
            // §4 logged-out search: visitors too, when the site's settings allow it.
            element: <RequireMemberOrOpenSearch />,
            children: [
              {
                path: "members",
                lazy: lazy(
                  () => import("../features/members/routes/search-page"),
                  (m) => m.MembersSearchPage,
                ),
              },
            ],
          },
          {
            element: <RequireMember />,
            children: [
              {
                path: "ops",
                lazy: lazy(
                  () => import("../features/ops/routes/ops-page"),
                  (m) => m.OpsPage,
                ),
              },
              {
                path: "match-finder",
                lazy: lazy(
                  () => import("../features/members/routes/match-finder-page"),
                  (m) => m.MatchFinderPage,
                ),
              },
              {
                path: "swipe-game",
                lazy: lazy(
                  () => import("../features/members/routes/swipe-game-page"),
                  (m) => m.SwipeGamePage,
                ),
              },
              {
                path: "complete-signup",
                lazy: lazy(
                  () => import("../features/account/routes/complete-signup-page"),
                  (m) => m.CompleteSignupPage,
                ),
              },
              {
                path: "signup-matches",
                lazy: lazy(
                  () => import("../features/members/routes/signup-matches-page"),
                  (m) => m.SignupMatchesPage,
                ),
              },
              {
                path: "members/:id",
                lazy: lazy(
                  () => import("../features/members/routes/profile-page"),
                  (m) => m.MemberProfilePage,
                ),
              },
              {
                path: "likes",
                lazy: lazy(
                  () => import("../features/likes/routes/likes-page"),
                  (m) => m.LikesPage,
                ),
              },
              {
                path: "likes/m/:id",
                lazy: lazy(
                  () => import("../features/likes/routes/likes-page"),
                  (m) => m.LikesPage,
                ),
              },
              {
                path: "likes/:type",
                lazy: lazy(
                  () => import("../features/likes/routes/likes-page"),
                  (m) => m.LikesPage,
                ),
              },
              {
                path: "chats",
                lazy: lazy(
                  () => import("../features/chats/routes/chats-page"),
                  (m) => m.ChatsPage,
                ),
              },
              {
                path: "profile",
                lazy: lazy(
                  () => import("../features/account/routes/own-profile-page"),
                  (m) => m.OwnProfilePage,
                ),
              },
              {
                path: "settings",
                lazy: lazy(
                  () => import("../features/account/routes/account-settings-page"),
                  (m) => m.AccountSettingsPage,
                ),
              },
              {
                path: "notifications",
                lazy: lazy(
                  () => import("../features/notifications/routes/notifications-page"),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                path: "settings/blocked",
                lazy: lazy(
                  () => import("../features/safety/routes/blocked-members-page"),
                  (m) => m.BlockedMembersPage,
                ),
              },
              {
                path: "settings/delete",
                lazy: lazy(
                  () => import("../features/account-deletion/routes/delete-account-page"),
                  (m) => m.DeleteAccountPage,
                ),
              },
              {
                path: "credits",
                lazy: lazy(
                  () => import("../features/credits/routes/credits-page"),
                  (m) => m.CreditsPage,
                ),
              },
              {
                path: "credits/repeat-order",
                lazy: lazy(
                  () => import("../features/credits/routes/repeat-order-page"),
                  (m) => m.RepeatOrderPage,
                ),
              },
              {
                path: "credits/:id/:paymentmethod?",
                lazy: lazy(
                  () => import("../features/credits/routes/package-checkout-page"),
                  (m) => m.PackageCheckoutPage,
                ),
              },
              {
                path: "transactions",
                lazy: lazy(
                  () => import("../features/credits/routes/transactions-page"),
                  (m) => m.TransactionsPage,
                ),
              },
              {
                path: "transactions/:id",
                lazy: lazy(
                  () => import("../features/credits/routes/transaction-page"),
                  (m) => m.TransactionPage,
                ),
              },
              {
                path: "directdebit",
                lazy: lazy(
                  () => import("../features/credits/routes/direct-debit-page"),
                  (m) => m.DirectDebitPage,
                ),
              },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        element: <ChatLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            element: <RequireMember />,
            children: [
              {
                path: "chats/:id",
                lazy: lazy(
                  () => import("../features/chats/routes/conversation-page"),
                  (m) => m.ConversationPage,
                ),
              },
              {
                path: "members/:id/chat",
                lazy: lazy(
                  () => import("../features/chats/routes/conversation-page"),
                  (m) => m.MemberChatPage,
                ),
              },
            ],
          },
        ],
      },
      {
        // §2 landing pages (issue 11): one lazy chunk for all of them (app/lander-route.tsx).
        element: <LanderLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          ...[
            "landers/adultonly",
            "landers/tinderswipe",
            "landers/whoneedsstrings",
            "landers/alonetonight/:slug?",
            "landers/collagelanding/:slug?",
            "landers/gallery/:slug?",
            "landers/iconslanding/:slug?",
            "landers/maplanding/:slug?",
            "landers/socialnetwork/:slug?",
            "landers/transitionsvideolanding/:slug?",
            "landers/video/:slug?",
          ].map((path) => ({
            path,
            lazy: lazy(
              () => import("./lander-route"),
              (m) => m.LanderRoute,
            ),
          })),
          ...[
            "members/:id/landing",
            "members/:id/signup",
            "members/:id/landing2/:slug?",
            "members/:id/landing3/:slug?",
          ].map((path) => ({
            path,
            lazy: lazy(
              () => import("./lander-route"),
              (m) => m.MemberLanderRoute,
            ),
          })),
        ],
      },
      {
        element: <EmptyLayout />,
        children: [
          {
            path: "activate",
            lazy: lazy(
              () => import("../features/auth/routes/activate-pages"),
              (m) => m.ActivatePage,
            ),
          },
          {
            path: "account-deleted",
            lazy: lazy(
              () => import("../features/account-deletion/routes/account-deleted-page"),
              (m) => m.AccountDeletedPage,
            ),
          },
          {
            path: "reactivate",
            lazy: lazy(
              () => import("../features/account-deletion/routes/reactivate-page"),
              (m) => m.ReactivatePage,
            ),
          },
          {
            path: "unsubscribe",
            lazy: lazy(
              () => import("../features/notifications/routes/unsubscribe-page"),
              (m) => m.UnsubscribePage,
            ),
          },
          {
            path: "activate/done",
            lazy: lazy(
              () => import("../features/auth/routes/activate-pages"),
              (m) => m.ActivateDonePage,
            ),
          },
          {
            path: "activate/error",
            lazy: lazy(
              () => import("../features/auth/routes/activate-pages"),
              (m) => m.ActivateErrorPage,
            ),
          },
          // The simulated payment provider's hosted checkout (stands for a provider's own site).
          {
            path: "checkout/:reference",
            lazy: lazy(
              () => import("../features/checkout/routes/checkout-page"),
              (m) => m.CheckoutPage,
            ),
          },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
