import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/** §1: seven interface languages; en is the source, default and fallback. */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de", "es", "fr", "it", "nl", "pl"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/client/locales/{locale}",
      include: [
        "<rootDir>/client",
        "<rootDir>/server/features/mail/mail.messages.ts",
        "<rootDir>/server/features/push/push.messages.ts",
      ],
      exclude: ["**/node_modules/**"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
