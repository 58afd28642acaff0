import fs from "node:fs";
import zlib from "node:zlib";

/**
 * A file's size gzipped at level 9, as bench:web counts first-load bytes (the app's and the
 * framework floors' alike).
 * @returns bytes.
 */
export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}
