import type { LimitName } from "../features/rate-limits/rate-limits.service.js";
import type { Context } from "./context.js";

/** What a limit counts by: the client address, the e-mail address in the input, or the member. */
type KeyKind = "ip" | "email" | "member";

/**
 * Which abuse limits (issue 10) each procedure counts against, and by what: the one table for
 * tRPC over HTTP and over the WebSocket alike. The legacy API's table is in server/legacy/index.ts.
 */
export const PROCEDURE_LIMITS: Readonly<Record<string, ReadonlyArray<readonly [LimitName, KeyKind]>>> = {
  "accounts.signup": [
    ["signup_ip", "ip"],
    ["signup_email", "email"],
  ],
  "accounts.login": [["login_ip", "ip"]],
  "accounts.resendActivation": [
    ["mail_ip", "ip"],
    ["mail_email", "member"],
  ],
  "security.requestPasswordReset": [
    ["mail_ip", "ip"],
    ["mail_email", "email"],
  ],
  "security.requestEmailChange": [
    ["mail_ip", "ip"],
    ["mail_email", "email"],
  ],
  "accountDeletion.requestReactivation": [
    ["mail_ip", "ip"],
    ["mail_email", "email"],
  ],
  "likes.like": [["like", "member"]],
  "chats.send": [["message", "member"]],
  "chats.sendGift": [["message", "member"]],
  "moderation.report": [["report", "member"]],
};

/**
 * The (limit, key) pairs to count for a call of `path`. A key that cannot be known is skipped:
 * no client address (a call from inside the server), no e-mail in the input (validation will
 * refuse it anyway); a visitor counts by address where a limit is per member.
 */
export function limitKeysFor(
  path: string,
  ctx: Pick<Context, "clientIp" | "member">,
  rawInput: unknown,
): Array<[LimitName, string]> {
  const rules = PROCEDURE_LIMITS[path];
  if (!rules) return [];
  const keys: Array<[LimitName, string]> = [];
  for (const [name, kind] of rules) {
    const email = (rawInput as { email?: unknown } | null)?.email;
    const key =
      kind === "ip"
        ? ctx.clientIp
        : kind === "member"
          ? ctx.member
            ? `m:${ctx.member.id}`
            : ctx.clientIp && `ip:${ctx.clientIp}`
          : typeof email === "string" && email.length <= 320
            ? email.trim().toLowerCase()
            : null;
    if (key) keys.push([name, key]);
  }
  return keys;
}
