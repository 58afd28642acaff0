import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setupI18n, type I18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LOCALES, type Locale } from "../../constants.js";

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../client/locales");

const cache = new Map<Locale, Promise<I18n>>();

/**
 * A Lingui i18n instance for `locale` (§1 seven languages, en the fallback), built from the same
 * client/locales/<locale>.po catalogs as the React app: parsed with @lingui/format-po and each
 * message compiled with @lingui/message-utils (what the Vite plugin does for the browser). An
 * untranslated message falls back to its English source text. Loaded once per locale and process.
 *
 * @param locale any string; an unknown one gives en.
 */
export function mailI18n(locale: string): Promise<I18n> {
  const l: Locale = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : "en";
  let hit = cache.get(l);
  if (!hit) {
    hit = loadCatalog(l);
    cache.set(l, hit);
    hit.catch(() => cache.delete(l));
  }
  return hit;
}

async function loadCatalog(locale: Locale): Promise<I18n> {
  const po = formatter({ lineNumbers: false });
  const file = path.join(localesDir, `${locale}.po`);
  const messages: Record<string, ReturnType<typeof compileMessage>> = {};
  if (fs.existsSync(file)) {
    const catalog = await po.parse(await fs.promises.readFile(file, "utf8"), {
      locale,
      sourceLocale: "en",
      filename: file,
    });
    for (const [id, entry] of Object.entries(catalog ?? {})) {
      const text = entry.translation || entry.message || id;
      messages[id] = compileMessage(text);
    }
  }
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return i18n;
}
