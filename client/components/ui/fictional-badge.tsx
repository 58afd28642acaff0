import { Badge } from "react-bootstrap";
import { useLingui } from "@lingui/react/macro";
import { useSiteSettings } from "../../lib/api/use-site-settings";

/**
 * The label of a fictional profile (§3 site settings fictional_icon, fictional_warning,
 * fictional_singular): a badge with the site's icon when fictional_icon is on, and the site's
 * warning text (the app's own words when the site sets none). `compact` shows the badge only,
 * with the warning as its accessible description (search cards, lists).
 */
export function FictionalBadge({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t } = useLingui();
  const site = useSiteSettings().data;
  const word = site?.fictional_singular || t`Fictional profile`;
  const warning =
    site?.fictional_warning || t`This profile is run by the site for entertainment: it is not a real member.`;
  const badge = (
    <Badge bg="warning" text="dark" className={compact ? className : undefined} title={warning}>
      {site?.fictional_icon && (
        <span aria-hidden="true" className="me-1">
          ✶
        </span>
      )}
      {word}
    </Badge>
  );
  if (compact) return badge;
  return (
    <div className={`small ${className ?? ""}`} role="note" data-testid="fictional-warning">
      {badge} <span className="text-body-secondary">{warning}</span>
    </div>
  );
}
