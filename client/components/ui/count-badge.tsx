import { Badge } from "react-bootstrap";
import { badgeText } from "../../lib/counters";

/** A pill with a count, capped at 99+ (§9); nothing when the count is 0. */
export function CountBadge({ count, label, bg = "danger" }: { count: number; label: string; bg?: string }) {
  if (count <= 0) return null;
  return (
    <Badge pill bg={bg} className="ms-1 count-badge">
      {badgeText(count)}
      <span className="visually-hidden"> {label}</span>
    </Badge>
  );
}
