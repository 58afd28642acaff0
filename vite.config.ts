import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import { precompress } from "./scripts/vite-precompress.js";
import { serviceWorker } from "./scripts/vite-service-worker.js";
import { purgeUnusedCss } from "./scripts/purge-css.js";
import { noPopper } from "./scripts/vite-no-popper.js";
import { uiChunkGroup } from "./scripts/vite-ui-chunk.js";

const serverPort = Number(process.env.PORT ?? 3000);

/** The React app: root client/, built into dist/client, served by the Node server. */
export default defineConfig(({ command }) => ({
  root: "client",
  publicDir: "public",
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    // Maps for debugging on the server, not linked from the scripts nor served (security review:
    // they gave anyone the client's original source, comments included; http/site-pages.ts).
    sourcemap: "hidden",
    manifest: true,
    // The UI library in one chunk (scripts/vite-ui-chunk.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [uiChunkGroup] } } },
  },
  // Only the CSS the screens use in the build (scripts/purge-css.ts); all of it in development.
  css: { postcss: { plugins: command === "build" ? [purgeUnusedCss()] : [] } },
  plugins: [
    noPopper(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    serviceWorker(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      "/trpc": { target: `http://localhost:${serverPort}`, ws: true },
      "/media": `http://localhost:${serverPort}`,
      "/api": `http://localhost:${serverPort}`,
      "/manifest.webmanifest": `http://localhost:${serverPort}`,
    },
  },
}));
