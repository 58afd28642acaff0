/**
 * The client ids (UUIDs) of the messages and gifts this tab has sent lately. The tab that sends a
 * message already has its answer (the message, the balance after the charge), so when the same
 * message comes back on the member's live stream, that tab has nothing to read again; the
 * member's other tabs do (client/app/live-member.tsx).
 */
const sentHere = new Set<string>();
/** How many ids are kept: far more than a tab sends while one of them is on its way back. */
const KEPT = 200;

/** Remember `clientId` as sent from this tab (before the call goes out). */
export function rememberSentHere(clientId: string): void {
  sentHere.add(clientId);
  if (sentHere.size > KEPT) sentHere.delete(sentHere.values().next().value!);
}

/** Whether this tab sent the message with `clientId`. */
export function wasSentHere(clientId: string): boolean {
  return sentHere.has(clientId);
}
