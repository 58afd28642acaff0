// The embedded PGlite on a thread of its own (issue 12): PGlite runs PostgreSQL compiled to
// WebAssembly on the thread that calls it, so on the main thread every statement stopped every
// socket and request until it finished. db/pglite-thread.ts starts this worker and sends it one
// statement at a time; the worker answers with the rows or the error's fields.
//
// Messages in:  { id, sql, params } | { id, close: true }
// Messages out: { ready: true } | { initError: {…} } | { id, rows, affectedRows } | { id, error: {…} } | { id, closed: true }
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const OID_DATE = 1082;

/** An error's message and own fields (code, constraint, detail…): what crosses the thread boundary. */
function fieldsOf(err) {
  const fields = { message: err instanceof Error ? err.message : String(err) };
  if (err && typeof err === "object")
    for (const [key, value] of Object.entries(err)) {
      if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
    }
  return fields;
}

let pglite;
try {
  // `date` columns stay 'YYYY-MM-DD' strings (no time-zone drift), as on PostgreSQL (db/create-db.ts).
  pglite = new PGlite({ dataDir: workerData.dataDir, parsers: { [OID_DATE]: (v) => v } });
  await pglite.waitReady;
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ initError: fieldsOf(err) });
  process.exit(1);
}

parentPort.on("message", async (msg) => {
  if (msg.close) {
    await pglite.close().catch(() => {});
    parentPort.postMessage({ id: msg.id, closed: true });
    parentPort.close();
    return;
  }
  try {
    const result = await pglite.query(msg.sql, msg.params);
    parentPort.postMessage({ id: msg.id, rows: result.rows, affectedRows: result.affectedRows });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: fieldsOf(err) });
  }
});
