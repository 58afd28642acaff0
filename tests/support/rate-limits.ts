import crypto from "node:crypto";
import type { TestServer } from "./server.js";

/** Small abuse limits (issue 10) for the rate-limit tests. */
const LIMITS = {
  RATE_LIMIT_SIGNUP_IP: "3/3600",
  RATE_LIMIT_LOGIN_IP: "3/900",
  RATE_LIMIT_LIKE: "2/3600",
  RATE_LIMIT_POLL: "3/3600",
  RATE_LIMIT_TYPING: "2/3600",
  RATE_LIMIT_READ_RECEIPTS: "2/3600",
  RATE_LIMIT_DISCOUNT_CODE: "2/3600",
  RATE_LIMIT_PUSH_SUBSCRIBE: "2/3600",
  RATE_LIMIT_MAIL_EMAIL: "2/3600",
  RATE_LIMIT_BLOCK: "2/3600",
  RATE_LIMIT_EXPORT: "2/3600",
  TRPC_MAX_BATCH_SIZE: "10",
};
/** Each server of this file counts in Redis keys of its own (test files share one Redis). */
export const isolated = () => ({
  ...LIMITS,
  REDIS_CHANNEL_PREFIX: `rl-test-${crypto.randomBytes(4).toString("hex")}:`,
});

export async function post(server: TestServer, procedure: string, input: unknown, cookie?: string) {
  const res = await fetch(`${server.url}/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { error?: { data?: { appCode?: string; details?: { seconds?: number } } } };
  return { status: res.status, retryAfter: res.headers.get("retry-after"), appCode: body.error?.data?.appCode };
}
