import type { AppDeps } from "../server/deps.js";

/** Seed demo data on an empty database (placeholder until the members seed lands). */
export async function seedIfEmpty(_deps: Pick<AppDeps, "db" | "config" | "log">): Promise<void> {}
