import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { GiftIcon } from "../../../components/ui/gift-icon";
import { useUpdateSettings } from "../../../lib/api/use-update-settings";
import { useTypingNotifier } from "../api/use-typing";

/**
 * The message box grows with its text (chats.css: `field-sizing: content`, up to about 6 lines,
 * then it scrolls inside). Browsers without field-sizing get the same from the fallback below.
 */
const GROWS_BY_ITSELF = typeof CSS !== "undefined" && CSS.supports("field-sizing", "content");

/**
 * §2 chat footer: the message box with its character count (message_length, §9), send with
 * Enter (§9, saved to the account), the price per message or the free messages left, the gift
 * button. The box grows with the text up to about 6 lines and shrinks back once it is sent, so a
 * long message or an icebreaker can be read in full before paying for it. `onSend(text)` resolves
 * to false when the text must be given back (refused: nothing sent).
 * `fill` puts a text into the box (an icebreaker; a new `key` each time): nothing is sent.
 * The read-receipts switch shows when `readReceipts` is given.
 * On a phone the footer is kept low (UX review #4, the keyboard leaves little room): the label,
 * the price and the count share one line, and the two switches show when `optionsOpen` (the
 * header's "Chat settings", ChatHeaderActions).
 */
export function ChatComposer({
  conversationId,
  maxLength,
  costLabel,
  sendWithEnter,
  error,
  onDismissError,
  onSend,
  onOpenGifts,
  fill = null,
  optionsOpen = false,
  readReceipts,
  onReadReceiptsChange,
}: {
  fill?: { text: string; key: number } | null;
  optionsOpen?: boolean;
  readReceipts?: boolean;
  onReadReceiptsChange?: (enabled: boolean) => void;
  conversationId: number | null;
  maxLength: number;
  costLabel: string;
  sendWithEnter: boolean;
  error: string | null;
  onDismissError: () => void;
  onSend: (text: string) => Promise<boolean>;
  onOpenGifts: () => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState("");
  const notifyTyping = useTypingNotifier(conversationId);
  const saveSettings = useUpdateSettings();
  const length = [...draft].length;
  const tooLong = length > maxLength;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const optionsRef = useRef<HTMLDivElement>(null);
  // Shown on a phone from the header's menu: the focus goes to its first switch.
  useEffect(() => {
    if (optionsOpen) optionsRef.current?.querySelector("input")?.focus();
  }, [optionsOpen]);
  useEffect(() => {
    if (!fill) return;
    setDraft(fill.text);
    inputRef.current?.focus();
  }, [fill]);
  // Fallback for browsers without field-sizing: fit the height to the text; the CSS max-height
  // caps it (then the box scrolls), and an empty box is one line again.
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (GROWS_BY_ITSELF || !box) return;
    box.style.height = "auto";
    box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [draft]);

  const submit = async () => {
    const text = draft.trim();
    if (!text || [...text].length > maxLength) return;
    setDraft("");
    if (!(await onSend(text))) setDraft(text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a word: its Enter picks the word.
    if (e.key === "Enter" && !e.shiftKey && sendWithEnter && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <footer className="chat-footer bg-white border-top px-3 py-2">
      {error && (
        <Alert variant="warning" dismissible onClose={onDismissError} closeLabel={t`Close`} className="py-2 mb-2">
          {error}
        </Alert>
      )}
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {/* One line above the box: its visible label, what a message costs and the count. */}
        <div className="chat-composer-meta d-flex align-items-center flex-wrap column-gap-2 mb-1 small">
          <Form.Label htmlFor="chat-message" className="mb-0 me-auto">
            <Trans>Your message</Trans>
          </Form.Label>
          {/* The cost and the count stay together: on a narrow screen they wrap as one, to the right. */}
          <span className="d-flex column-gap-2 ms-auto">
            <span className="chat-cost text-body-secondary">{costLabel}</span>
            <span className={tooLong ? "text-danger" : "text-body-secondary"}>
              <span aria-hidden="true">
                {length}/{maxLength}
              </span>
              <span className="visually-hidden" id="chat-message-count">
                {t`Characters: ${length} of ${maxLength}`}
              </span>
            </span>
          </span>
        </div>
        <div className="d-flex gap-2 align-items-end">
          <Form.Control
            as="textarea"
            id="chat-message"
            dir="auto"
            ref={inputRef}
            rows={1}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              notifyTyping();
            }}
            onKeyDown={onKeyDown}
            isInvalid={tooLong}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? "chat-message-count" : undefined}
            className="chat-input flex-grow-1"
          />
          <Button variant="outline-primary" onClick={onOpenGifts} aria-label={t`Give a gift`} title={t`Give a gift`}>
            <GiftIcon size={20} />
          </Button>
          <Button type="submit" disabled={!draft.trim() || tooLong}>
            <Trans>Send</Trans>
          </Button>
        </div>
        {/* The chat's settings: always shown on a wider screen; on a phone, once asked for. */}
        <div
          ref={optionsRef}
          id="chat-options"
          className={`${optionsOpen ? "d-flex" : "d-none d-sm-flex"} flex-wrap column-gap-4 mt-1 small text-body-secondary`}
        >
          <Form.Check
            type="switch"
            id="send-with-enter"
            label={t`Send with Enter`}
            checked={sendWithEnter}
            onChange={(e) => saveSettings.mutate({ sendWithEnter: e.target.checked })}
          />
          {readReceipts !== undefined && (
            <Form.Check
              type="switch"
              id="read-receipts"
              label={t`Read receipts`}
              checked={readReceipts}
              onChange={(e) => onReadReceiptsChange?.(e.target.checked)}
            />
          )}
        </div>
      </Form>
    </footer>
  );
}
