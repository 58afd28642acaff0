/**
 * What a unit of work allocates: `tsx bench/lib/alloc-top.ts <file.heapprofile> <units> [rows]`
 * reads a V8 sampling heap profile (bench:chat writes one with BENCH_SERVER_ALLOC=<dir>; objects
 * the collector freed are included) and prints the bytes allocated per unit (a message sent), in
 * all and by the function that allocated them (self: the function's own allocations, not its
 * callees'), the biggest first, each with its script and line. Sampling is statistical (a
 * sample every 4 KB allocated on average): rows under a few hundred bytes per unit are noise.
 */
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const [file, unitsArg, rowsArg] = process.argv.slice(2);
if (!file || !unitsArg) {
  console.error("usage: tsx bench/lib/alloc-top.ts <file.heapprofile> <units> [rows=40]");
  process.exit(2);
}
const units = Number(unitsArg);
const rows = Number(rowsArg ?? 40);
const { head } = JSON.parse(fs.readFileSync(file, "utf8")) as { head: ProfileNode };

const bySite = new Map<string, number>();
let total = 0;
const stack: ProfileNode[] = [head];
while (stack.length > 0) {
  const node = stack.pop()!;
  stack.push(...node.children);
  if (node.selfSize === 0) continue;
  total += node.selfSize;
  const { functionName, url, lineNumber } = node.callFrame;
  // Scripts by their package or file, not their whole path.
  const where = url.includes("node_modules/")
    ? url.slice(url.lastIndexOf("node_modules/") + "node_modules/".length)
    : url.startsWith("node:")
      ? url
      : url
        ? path.relative(process.cwd(), url.replace(/^file:\/\//, ""))
        : "(native)";
  const key = `${functionName || "(anonymous)"}  ${where}:${lineNumber + 1}`;
  bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
}

const kb = (bytes: number) => `${(bytes / units / 1024).toFixed(2)} KB`;
console.log(`allocated per unit: ${kb(total)} (${units} units, ${(total / 2 ** 20).toFixed(1)} MB sampled in all)`);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  console.log(`${kb(bytes).padStart(10)}  ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${site}`);
}
