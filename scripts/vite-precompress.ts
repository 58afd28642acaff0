import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing (issue 11: HTML, JS, CSS, JSON, SVG; robots/sitemap-like text too). */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/;
/** Below this size a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/**
 * Vite build plugin: after the bundle is written, every compressible file of the output directory
 * gets a brotli (quality 11) `.br` and a gzip (level 9) `.gz` sibling, which @fastify/static
 * (`preCompressed`) serves by the request's Accept-Encoding — no compression work per request.
 * Source maps are left alone (they are fetched by developers only).
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "amora-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/**
 * Write a brotli `.br` and a gzip `.gz` sibling next to every compressible file (≥ 512 bytes) under
 * `dir`, recursively. Returns the files compressed (absolute paths).
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await listFiles(dir)).filter((f) => COMPRESSIBLE.test(f));
  const done = await Promise.all(
    files.map(async (file) => {
      const data = await fs.readFile(file);
      if (data.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      return file;
    }),
  );
  return done.filter((f): f is string => f !== null);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
