import { Button } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useErrorText } from "../../../lib/errors";
import type { ChatMessage } from "../api/use-conversation";
import type { PendingMessage } from "../hooks/use-chat-messages";
import { GIFTS } from "../gifts";
import { GiftArt } from "./gift-art";
import { ReportMessageButton, SafetyHintNote } from "./message-safety";
import { dateTimeFormat } from "../../../lib/intl";

/**
 * §2 chat view: the message bubbles (mine on the right, with the time; gifts drawn), then the
 * bubbles on their way ("Sending…", or the error with Retry). 'Seen' stands under the last of my
 * messages the other member has read (`seenSeq`: given only when both members share read receipts).
 */
export function MessageList({
  messages,
  pending,
  myId,
  otherName,
  onRetry,
  seenSeq = null,
}: {
  seenSeq?: number | null;
  messages: ChatMessage[];
  pending: PendingMessage[];
  myId: number | undefined;
  otherName: string;
  onRetry: (p: PendingMessage) => void;
}) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const time = dateTimeFormat(i18n.locale, { timeStyle: "short" });
  const lastSeenId =
    seenSeq === null ? null : (messages.filter((m) => m.senderId === myId && m.seq <= seenSeq).at(-1)?.id ?? null);
  return (
    <ol className="list-unstyled mb-0">
      {messages.map((m) => {
        const mine = m.senderId === myId;
        const gift = m.gift ? GIFTS.find((x) => x.key === m.gift) : undefined;
        const giftName = gift ? i18n._(gift.name) : m.body;
        return (
          <li key={m.id} className={`d-flex flex-column mb-2 ${mine ? "align-items-end" : "align-items-start"}`}>
            <div className={`bubble ${mine ? "bubble-mine" : "bubble-theirs"} ${m.gift ? "bubble-gift" : ""}`}>
              <span className="visually-hidden">{mine ? t`You:` : `${otherName}:`}</span>
              {m.gift ? (
                <span className="bubble-text">
                  <span className="gift-symbol" aria-hidden="true">
                    <GiftArt gift={m.gift} size={64} />
                  </span>
                  <span className="small">
                    {mine ? t`You sent a gift: ${giftName}` : t`A gift for you: ${giftName}`}
                  </span>
                </span>
              ) : (
                <span className="bubble-text" dir="auto">
                  {m.body}
                </span>
              )}
              <time className="bubble-time" dateTime={m.createdAt}>
                {time.format(new Date(m.createdAt))}
              </time>
            </div>
            {!mine && !m.gift && <SafetyHintNote hints={m.safety} />}
            {!mine && <ReportMessageButton conversationId={m.conversationId} seq={m.seq} otherName={otherName} />}
            {m.id === lastSeenId && (
              <span className="small text-body-secondary me-1 chat-seen" data-testid="chat-seen">
                <Trans>Seen</Trans>
              </span>
            )}
          </li>
        );
      })}
      {pending.map((p) => (
        <li key={p.clientId} className="d-flex mb-2 justify-content-end">
          <div className={`bubble bubble-mine ${p.error ? "bubble-failed" : "bubble-pending"}`}>
            <span className="bubble-text" dir="auto">
              {p.body}
            </span>
            {p.error ? (
              <span className="bubble-time">
                {errorText(p.error)}{" "}
                <Button variant="link" size="sm" className="p-0 text-white" onClick={() => onRetry(p)}>
                  <Trans>Retry</Trans>
                </Button>
              </span>
            ) : (
              <span className="bubble-time">{t`Sending…`}</span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
