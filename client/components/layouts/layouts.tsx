import { Suspense } from "react";
import { Outlet } from "react-router";
import { Container } from "react-bootstrap";
import { TopBar } from "./top-bar";
import { Footer } from "./footer";
import { AlertBanners } from "./alert-banners";
import { ProfilePhotoAlert } from "./profile-photo-alert";
import { TimeBonusBanner, TimeBonusModal } from "./time-bonus";
import { LoadingState } from "../ui/states";
import { LoadingBar } from "../ui/loading-bar";
import { RouteFocus, SkipLink } from "./page-shell";
import { SiteEntryWarning } from "./site-entry-warning";

/** §2 default layout: top navigation, alert banners, page, footer with disclaimer, the §4 site-entry warning. */
export function DefaultLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <SkipLink />
      <RouteFocus />
      <LoadingBar />
      <TopBar />
      <AlertBanners />
      <ProfilePhotoAlert />
      <TimeBonusBanner />
      {/* page-main: the footer starts below the first screen, so content arriving never shifts it (CLS). */}
      <main id="main" className="flex-grow-1 page-main">
        <Container className="py-4">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>
      <Footer />
      <TimeBonusModal />
      <SiteEntryWarning countryLimited={false} />
    </div>
  );
}

/** §2 chat layout: top bar and a full-height conversation, no footer. */
export function ChatLayout() {
  return (
    <div className="d-flex flex-column chat-layout">
      <SkipLink />
      <RouteFocus />
      <LoadingBar />
      <TopBar />
      <main id="main" className="flex-grow-1 d-flex flex-column overflow-hidden">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** §2 lander layout: a slim header over a full-width landing page; the §4 site-entry warning in its NL/DE version. */
export function LanderLayout() {
  return (
    <div className="d-flex flex-column min-vh-100 lander-layout">
      <SkipLink />
      <RouteFocus />
      <TopBar />
      <main id="main" className="flex-grow-1">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SiteEntryWarning countryLimited />
    </div>
  );
}

/** §2 empty layout: the page alone (e-mail link outcomes). */
export function EmptyLayout() {
  return (
    <main id="main" className="min-vh-100 d-flex align-items-center justify-content-center p-3 empty-layout">
      <RouteFocus />
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
