/**
 * `npm run ops:grant -- <email>`: make an existing account an operator (issue 10), so it can open
 * the moderation console at /ops. Works on the configured database (DATABASE_URL, else the
 * embedded PGlite under DATA_DIR; stop `npm start` first on the embedded default, PGlite is
 * single-user). The grant is recorded in the moderation audit.
 */
import { loadConfig } from "../../config.js";
import { createDb } from "../../../db/create-db.js";
import { migrateToLatest } from "../../../db/migrate.js";
import { grantOperator } from "./moderation.service.js";

const email = process.argv.slice(2).find((a) => a !== "--");
if (!email || !email.includes("@")) {
  console.error("usage: npm run ops:grant -- <email of an existing account>");
  process.exit(2);
}
const config = loadConfig();
const { db } = createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: config.pgliteDir });
try {
  await migrateToLatest(db);
  const id = await grantOperator({ db }, email);
  console.log(`${email} (member ${id}) is now an operator: log in and open /ops`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
