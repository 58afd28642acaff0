import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import "bootstrap/dist/css/bootstrap.min.css";
import "./app/theme.css";
import { activateLocale, i18n, initialLocale } from "./lib/i18n";
import { prefetchFirstScreen, TrpcProvider } from "./app/trpc-provider";
import { AppRouter } from "./app/router";
import { registerServiceWorker } from "./lib/service-worker";

// What the first screen waits for is in the query cache at once: from the page, else asked for
// beside the catalogue (issue 11). The app renders once the catalogue is in (no top-level await:
// it would turn off Rolldown's merging of small chunks).
prefetchFirstScreen();
// The first render is a transition: React renders it in slices that yield to the browser, so a
// phone's main thread is never blocked for the whole tree at once (Total Blocking Time, issue 11).
void activateLocale(initialLocale()).then(() =>
  startTransition(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <TrpcProvider>
            <AppRouter />
          </TrpcProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  ),
);

// §7 the push service worker (offline page, app shell, Web Push; issue 11), after the page loaded.
registerServiceWorker();
