/** §3 Delete reasons ("other" with remarks). */
export const DELETE_REASONS = [
  "price",
  "found_someone",
  "not_looking",
  "site_problems",
  "no_members",
  "time",
  "other",
] as const;
export type DeleteReasonKey = (typeof DELETE_REASONS)[number];
