import { addressLimitKey } from "../features/rate-limits/address-key.js";
import type { LimitName } from "../features/rate-limits/rate-limits.service.js";
import type { Context } from "./context.js";

/**
 * What a limit counts by: the client address, the e-mail address in the input, the member, the
 * client address of a visitor only (members are not counted), or the member only when the input
 * names a discount code (`discountCode`).
 */
type KeyKind = "ip" | "email" | "member" | "visitor_ip" | "member_with_code";

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
  // Like a login (it opens a session), and each try hashes a password.
  "security.completePasswordReset": [["login_ip", "ip"]],
  // The same links, checked as /reset-password/do opens: counted alike, so the check is no
  // cheaper way to try tokens.
  "security.checkPasswordResetLink": [["login_ip", "ip"]],
  // Each try checks a password (Argon2); the account's own lockout counts the wrong ones too.
  "security.changePassword": [["login_ip", "ip"]],
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
  "chats.typing": [["typing", "member"]],
  "chats.setReadReceipts": [["read_receipts", "member"]],
  "moderation.report": [["report", "member"]],
  "discounts.check": [["discount_code", "member"]],
  "discounts.use": [["discount_code", "member"]],
  // A purchase with a code answers whether the code exists, as discounts.check does.
  "payments.start": [["discount_code", "member_with_code"]],
  "push.subscribe": [["push_subscribe", "member"]],
  // Each block deletes a pair's chats and likes and writes member.blocked to the other's log.
  "safety.block": [["block", "member"]],
  // §4 logged-out search: visitors per client address (members are not limited here).
  "members.search": [["search_ip", "visitor_ip"]],
  // Landers (issue 11): member photos and the lb beacon for visitors, counted as searches.
  "landers.photos": [["search_ip", "visitor_ip"]],
  "landers.member": [["search_ip", "visitor_ip"]],
  // The lb beacon only writes a log line; members send it too, so it counts by address for all.
  "landers.pageBounce": [["search_ip", "ip"]],
  // A personal-data export reads every chat and payment of the member (security review).
  "security.exportData": [["export", "member"]],
};

/**
 * The `email` limit's key: the address as the input schema will use it (trimmed, lower-cased,
 * accounts.schema.ts Email), so that padding cannot make a fresh key. One shared key for
 * anything longer than an address can be (the schema refuses it anyway).
 */
function emailKey(raw: string): string {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 ? email : "(too long)";
}

/**
 * The (limit, key) pairs to count for a call of `path`. A key that cannot be known is skipped:
 * no client address (a call from inside the server), no e-mail in the input (validation will
 * refuse it anyway); a visitor counts by address where a limit is per member. A client address
 * counts by addressLimitKey: an IPv6 client by its /64, an IPv4-mapped one as its IPv4 address.
 */
export function limitKeysFor(
  path: string,
  ctx: Pick<Context, "clientIp" | "member">,
  rawInput: unknown,
): Array<[LimitName, string]> {
  const rules = PROCEDURE_LIMITS[path];
  if (!rules) return [];
  const keys: Array<[LimitName, string]> = [];
  const address = ctx.clientIp ? addressLimitKey(ctx.clientIp) : null;
  for (const [name, kind] of rules) {
    const email = (rawInput as { email?: unknown } | null)?.email;
    if (kind === "member_with_code") {
      const code = (rawInput as { discountCode?: unknown } | null)?.discountCode;
      if (ctx.member && typeof code === "string" && code.trim() !== "") keys.push([name, `m:${ctx.member.id}`]);
      continue;
    }
    const key =
      kind === "visitor_ip"
        ? ctx.member
          ? null
          : address
        : kind === "ip"
          ? address
          : kind === "member"
            ? ctx.member
              ? `m:${ctx.member.id}`
              : address && `ip:${address}`
            : typeof email === "string"
              ? emailKey(email)
              : null;
    if (key) keys.push([name, key]);
  }
  return keys;
}
