/**
 * Small numeric helpers shared by the benchmarks: percentiles, summaries, formatting.
 */

/** p50/p90/p99/max/mean of a set of samples (milliseconds by convention), and their count. */
export interface Summary {
  count: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
}

/**
 * The q-quantile (0..1) of `sorted` (ascending), nearest-rank method.
 * @returns null for an empty array.
 */
export function quantile(sorted: ArrayLike<number>, q: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** Summarise samples (the array is copied and sorted, the input is left alone). */
export function summarize(samples: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(samples as ArrayLike<number>).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1]! : null,
    mean: sorted.length ? sum / sorted.length : null,
  };
}

/** Round to `digits` significant-ish decimals for JSON output (null stays null). */
export function round(v: number | null | undefined, digits = 3): number | null {
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** "1.23 ms" style: milliseconds with 2 significant decimals below 10, fewer above. */
export function fmtMs(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  if (v < 10) return `${v.toFixed(2)} ms`;
  if (v < 100) return `${v.toFixed(1)} ms`;
  return `${Math.round(v)} ms`;
}

/** Bytes as KB/MB (binary units). */
export function fmtBytes(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  const abs = Math.abs(v);
  if (abs < 1024) return `${Math.round(v)} B`;
  if (abs < 1024 * 1024) return `${(v / 1024).toFixed(1)} KB`;
  return `${(v / 1024 / 1024).toFixed(1)} MB`;
}

/** A rate in events per second, with thousands separators. */
export function fmtRate(v: number | null | undefined, unit = "msg/s"): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  return `${Math.round(v).toLocaleString("en-US")} ${unit}`;
}

/** ours / floor, as "12.3×" (or "–" when either is missing or the floor is zero). */
export function fmtRatio(ours: number | null | undefined, floor: number | null | undefined): string {
  if (ours == null || floor == null || !Number.isFinite(ours) || !Number.isFinite(floor) || floor === 0) return "–";
  const r = ours / floor;
  return r >= 10
    ? `${r.toFixed(0)}×`
    : r >= 1
      ? `${r.toFixed(1)}×`
      : r >= 0.01
        ? `${r.toFixed(2)}×`
        : `${r.toPrecision(2)}×`;
}

/** ours / floor as a number (null when undefined). */
export function ratio(ours: number | null | undefined, floor: number | null | undefined): number | null {
  if (ours == null || floor == null || !Number.isFinite(ours) || !Number.isFinite(floor) || floor === 0) return null;
  return ours / floor;
}

/**
 * Render rows as a fixed-width text table with a header rule.
 * Columns are left-aligned except those whose index is in `right`.
 */
export function table(header: string[], rows: string[][], right: number[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
