import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import { precompress } from "./scripts/vite-precompress";

const serverPort = Number(process.env.PORT ?? 3000);

/** The React app: root client/, built into dist/client, served by the Node server. */
export default defineConfig({
  root: "client",
  publicDir: "public",
  build: { outDir: "../dist/client", emptyOutDir: true, sourcemap: true, manifest: true },
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), react(), lingui(), precompress()],
  server: {
    port: 5173,
    proxy: {
      "/trpc": { target: `http://localhost:${serverPort}`, ws: true },
      "/media": `http://localhost:${serverPort}`,
      "/api": `http://localhost:${serverPort}`,
    },
  },
});
