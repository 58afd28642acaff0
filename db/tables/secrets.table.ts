import type { Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// Secrets generated on first start and shared by every instance (migration 2026_11_23_1100).

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export type ServerSecretRow = Selectable<ServerSecretsTable>;
export type NewServerSecret = Insertable<ServerSecretsTable>;
export type ServerSecretUpdate = Updateable<ServerSecretsTable>;
