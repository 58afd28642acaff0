import { sql, type RawBuilder } from "kysely";

/**
 * A value for a `jsonb` column, written the same way on PGlite and postgres.js. The text is sent
 * as a `text` parameter and cast by the server: postgres.js would otherwise serialise a string
 * parameter whose type the server infers as jsonb a second time, storing a JSON string scalar.
 */
export function jsonb(value: unknown): RawBuilder<string> {
  return sql<string>`cast(${JSON.stringify(value)} as text)::jsonb`;
}
