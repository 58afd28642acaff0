import { useLingui } from "@lingui/react/macro";
import { relativeTimeFormat } from "../../../lib/intl";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * "Online now" within 5 minutes, else "Active 3 hours ago", in the member's language; nothing for
 * a member in invisible mode (the server sends no activity, §4).
 */
export function LastActive({ iso, className }: { iso: string | null; className?: string }) {
  const { t, i18n } = useLingui();
  if (iso === null) return null;
  const agoMs = Math.max(0, Date.now() - new Date(iso).getTime());
  if (agoMs < 5 * MINUTE_MS) {
    return (
      <span className={className}>
        <span className="online-dot" aria-hidden="true" /> {t`Online now`}
      </span>
    );
  }
  const rtf = relativeTimeFormat(i18n.locale);
  const when =
    agoMs < HOUR_MS
      ? rtf.format(-Math.round(agoMs / MINUTE_MS), "minute")
      : agoMs < DAY_MS
        ? rtf.format(-Math.round(agoMs / HOUR_MS), "hour")
        : rtf.format(-Math.round(agoMs / DAY_MS), "day");
  return <span className={className}>{t`Active ${when}`}</span>;
}
