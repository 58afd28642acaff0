import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import "bootstrap/dist/css/bootstrap.min.css";
import "./app/theme.css";
import { activateLocale, i18n, initialLocale } from "./lib/i18n";
import { TrpcProvider } from "./app/trpc-provider";
import { AppRouter } from "./app/router";

await activateLocale(initialLocale());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <TrpcProvider>
        <AppRouter />
      </TrpcProvider>
    </I18nProvider>
  </StrictMode>,
);
