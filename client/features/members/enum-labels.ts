/** The §3 enumeration labels live in client/lib/profile-labels.ts (shared with /profile editing). */
export * from "../../lib/profile-labels";
