import type { ColumnType } from "kysely";

/** A `timestamptz` column (UTC): read as a Date; written as a Date or ISO string; optional on insert where the column has a default. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column: read as 'YYYY-MM-DD' text (see create-db.ts type parsers). */
export type DateOnly = ColumnType<string, string, string>;
