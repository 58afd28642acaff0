import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** bench/results, where every bench keeps its runs (issues 12 and 13). */
export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "results");

/**
 * Keep one run of a bench: `bench/results/<name>-<UTC time>.json` always, and
 * `bench/results/latest-<latest ?? name>.json` unless `latest` is false (a partial run is a look,
 * not a result to compare).
 * @param name the bench's name (legacy, credits, search, web, sockets, chat).
 * @param data the run's JSON (written with 2-space indentation).
 * @param opts.startedAt the run's start (the file's time stamp; now by default).
 * @returns the paths written, relative to the working directory, for the bench to print.
 */
export function writeBenchRun(
  name: string,
  data: unknown,
  opts: { startedAt?: Date; latest?: string | false } = {},
): string[] {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = (opts.startedAt ?? new Date()).toISOString().replace(/[:.]/g, "-").slice(0, 19);
  const text = `${JSON.stringify(data, null, 2)}\n`;
  const files = [path.join(RESULTS_DIR, `${name}-${stamp}.json`)];
  if (opts.latest !== false) files.push(path.join(RESULTS_DIR, `latest-${opts.latest ?? name}.json`));
  for (const f of files) fs.writeFileSync(f, text);
  return files.map((f) => path.relative(process.cwd(), f));
}
