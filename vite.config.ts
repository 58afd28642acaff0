import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import { precompress } from "./scripts/vite-precompress";
import { serviceWorker } from "./scripts/vite-service-worker";
import { purgeUnusedCss } from "./scripts/purge-css";
import { noPopper } from "./scripts/vite-no-popper";

const serverPort = Number(process.env.PORT ?? 3000);

/** The React app: root client/, built into dist/client, served by the Node server. */
export default defineConfig(({ command }) => ({
  root: "client",
  publicDir: "public",
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // The UI library's modules (react-bootstrap and what it builds on) in one chunk: every screen
    // uses some, and split by Rolldown's default they came as many small shared chunks, each one
    // more request on a phone's first visit (issue 11: /login 23 → 19 requests, LCP ~0.1 s
    // earlier; docs/performance.md).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "ui",
              test: /node_modules[\\/](react-bootstrap|@restart|dom-helpers|react-transition-group|uncontrollable|prop-types|warning|invariant|classnames|@popperjs)[\\/]/,
            },
          ],
        },
      },
    },
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
