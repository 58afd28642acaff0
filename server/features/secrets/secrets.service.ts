import crypto from "node:crypto";
import type { DB } from "../../../db/create-db.js";
import { insertOrReadSecret } from "./secrets.repository.js";

/** The secrets the server generates when configuration gives none. */
export type SecretName = "payment_webhook" | "media_url" | "mail_webhook" | "mail_links";

/**
 * A secret shared by every instance (ARCHITECTURE "The edge": no secret has a built-in value):
 * the configured value when there is one; otherwise a random one generated on the first start
 * and kept in the database (server_secrets), so instances starting together agree (the first
 * insert wins, the others read it).
 *
 * @param configured the value from the environment, or undefined.
 * @returns the secret: `configured`, or 32 random bytes as base64url (43 characters).
 */
export async function resolveSecret(db: DB, name: SecretName, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return insertOrReadSecret(db, name, crypto.randomBytes(32).toString("base64url"));
}
