/**
 * What each added idle connection keeps alive: `tsx bench/lib/heap-diff.ts <before.heapsnapshot>
 * <after.heapsnapshot> <connections added>` prints, per object kind (V8 node type and
 * constructor or string), the objects and bytes (self size) the later snapshot has beyond the
 * earlier one, divided by the connections added — the biggest first. bench:chat writes the two
 * snapshots with BENCH_HEAP_SNAPSHOTS=<dir> (after the warm-up connections, and after all).
 */
import fs from "node:fs";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** (type:name) → {count, bytes} over every node of the snapshot. */
function histogram(file: string): Map<string, { count: number; bytes: number }> {
  const s = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const types = s.snapshot.meta.node_types[0];
  const out = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + typeAt]!]!;
    // Strings and code are named by their contents: group them by type only.
    const name = type === "object" || type === "closure" || type === "native" ? s.strings[s.nodes[i + nameAt]!] : "";
    const key = `${type}:${name}`;
    const e = out.get(key) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += s.nodes[i + sizeAt]!;
    out.set(key, e);
  }
  return out;
}

const [beforeFile, afterFile, added] = process.argv.slice(2);
if (!beforeFile || !afterFile || !added) {
  process.stderr.write(
    "usage: tsx bench/lib/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> <connections added>\n",
  );
  process.exit(2);
}
const n = Number(added);
const before = histogram(beforeFile);
const after = histogram(afterFile);
const rows = [...after].map(([key, a]) => {
  const b = before.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: (a.count - b.count) / n, bytes: (a.bytes - b.bytes) / n };
});
rows.sort((x, y) => y.bytes - x.bytes);
const total = rows.reduce((sum, r) => sum + r.bytes, 0);
process.stdout.write(`per connection: ${total.toFixed(0)} bytes (self sizes)\n`);
for (const r of rows.slice(0, 45))
  process.stdout.write(`${r.bytes.toFixed(0).padStart(7)} B  ${r.count.toFixed(2).padStart(6)} ×  ${r.key}\n`);
