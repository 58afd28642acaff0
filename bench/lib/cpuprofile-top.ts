/**
 * Print where a V8 CPU profile spent its time (self and inclusive, by function and file):
 *   tsx bench/lib/cpuprofile-top.ts <file.cpuprofile> [rows] [last-seconds]
 * For the profiles BENCH_SERVER_PROF=<dir> writes of the server under test. With `last-seconds`,
 * only the samples of the profile's last that many seconds count (the load phase, not the seeding).
 */
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and inclusive time (µs) per "function file:line" of `profile`, and the total. */
export function profileTotals(
  profile: Profile,
  lastSeconds = Infinity,
): {
  total: number;
  self: Map<string, number>;
  inclusive: Map<string, number>;
} {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const time = new Map<number, number>();
  const span = profile.timeDeltas.reduce((a, b) => a + b, 0);
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (span - at < lastSeconds * 1e6) time.set(id, (time.get(id) ?? 0) + delta);
  });
  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(server|db|bench)\//, "$1/")}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, t] of time) {
    total += t;
    const k = key(byId.get(id)!);
    self.set(k, (self.get(k) ?? 0) + t);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const kk = key(byId.get(cur)!);
      if (seen.has(kk)) continue;
      seen.add(kk);
      inclusive.set(kk, (inclusive.get(kk) ?? 0) + t);
    }
  }
  return { total, self, inclusive };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx bench/lib/cpuprofile-top.ts <file.cpuprofile> [rows] [last-seconds]");
  const rows = Number(process.argv[3] ?? 40);
  const lastSeconds = Number(process.argv[4] ?? Infinity);
  const { total, self, inclusive } = profileTotals(JSON.parse(fs.readFileSync(file, "utf8")) as Profile, lastSeconds);
  const show = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows))
      console.log(`${((100 * v) / total).toFixed(1).padStart(6)}%  ${k}`);
  };
  console.log(`${(total / 1e6).toFixed(1)} s sampled`);
  show("self time", self);
  show("inclusive time", inclusive);
}
