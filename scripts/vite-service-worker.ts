import crypto from "node:crypto";
import path from "node:path";
import { rolldown } from "rolldown";
import type { Plugin } from "vite";

/**
 * Vite build plugin (issue 11): builds client/sw/sw.ts into `/sw.js` at the root of the output
 * (so its scope is the whole site) as one classic script (IIFE, minified), with the app shell to
 * precache written in: the HTML entry's script and its static imports, their CSS, and the icons.
 * `__BUILD_ID__` changes with that list, so a new build installs a new worker and drops the old
 * cache. Runs before precompress (closeBundle), which then adds sw.js.br / .gz.
 */
export function serviceWorker(opts: { entry?: string } = {}): Plugin {
  const entry = opts.entry ?? "client/sw/sw.ts";
  return {
    name: "amora-service-worker",
    apply: "build",
    async generateBundle(_options, bundle) {
      const shell = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== "chunk" || shell.has(`/${fileName}`)) return;
        shell.add(`/${fileName}`);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk" && file.isEntry) visit(file.fileName);
      }
      for (const icon of ["/favicon.svg", "/icons/icon-192.png", "/icons/badge-96.png"]) shell.add(icon);
      const precache = [...shell].sort();
      const buildId = crypto.createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);

      const build = await rolldown({ input: path.resolve(entry), platform: "browser", logLevel: "warn" });
      const { output } = await build.generate({ format: "iife", minify: true });
      await build.close();
      const code = output[0].code;
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: `const __PRECACHE__=${JSON.stringify(precache)},__BUILD_ID__=${JSON.stringify(buildId)};\n${code}`,
      });
    },
  };
}
