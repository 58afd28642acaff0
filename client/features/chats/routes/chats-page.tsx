import { useRef, useState } from "react";
import { Alert, Button, ListGroup, Modal } from "react-bootstrap";
import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { Avatar } from "../../../components/ui/avatar";
import { CountBadge } from "../../../components/ui/count-badge";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { formatWhen } from "../../../lib/dates";
import { useChatList } from "../api/use-chat-list";
import { useRemoveChat } from "../api/use-remove-chat";
import "../chats.css";

/** A chat the member asked to remove, waiting for the confirmation. */
type Removing = { conversationId: number; name: string };

/**
 * §2 /chats: the conversation list with unread counts; §4 removing a chat. Removing asks first
 * (UX review #1: one tap used to remove it at once): the dialog says the chat comes back with the
 * next message (chats.service removeChat only takes it off the list). Once confirmed, it leaves
 * the list at once and the server is called (§4, useRemoveChat); the focus moves to the next
 * chat's link (the one before when it was the last, else the heading), never onto another ✕.
 */
export function ChatsPage() {
  const { t, i18n } = useLingui();
  const list = useChatList();
  const remove = useRemoveChat();
  const errorText = useErrorText();
  // The chat stays named while the dialog fades out; `open` says whether it is shown.
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [open, setOpen] = useState(false);
  /** Where the focus goes when the dialog has closed: a chat's link, the heading, or back to the ✕ (Cancel). */
  const focusAfter = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const chats = list.data?.chats ?? [];
  const removingName = removing?.name ?? "";

  const ask = (c: Removing) => {
    focusAfter.current = `chat-remove-${c.conversationId}`;
    setRemoving(c);
    setOpen(true);
  };
  const confirm = () => {
    if (!removing) return;
    const at = chats.findIndex((c) => c.conversationId === removing.conversationId);
    const next = chats[at + 1] ?? chats[at - 1];
    focusAfter.current = next ? `chat-link-${next.conversationId}` : null;
    remove.mutate({ conversationId: removing.conversationId });
    setOpen(false);
  };
  const afterDialog = () => {
    const target = focusAfter.current ? document.getElementById(focusAfter.current) : null;
    (target ?? headingRef.current)?.focus();
    focusAfter.current = null;
    setRemoving(null);
  };

  return (
    <section aria-labelledby="chats-title" className="chats-page mx-auto">
      <h1 id="chats-title" className="h3 mb-3" ref={headingRef} tabIndex={-1}>
        <Trans>Messages</Trans>
      </h1>
      {remove.error && (
        <Alert variant="danger" dismissible onClose={() => remove.reset()} closeLabel={t`Close`}>
          {errorText(remove.error)}
        </Alert>
      )}
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data!.chats.length === 0 ? (
        <EmptyState title={<Trans>No conversations yet</Trans>}>
          <p>
            <Trans>Your conversations with other members will be listed here.</Trans>
          </p>
          <Link to="/members" className="btn btn-primary">
            <Trans>Find someone to talk to</Trans>
          </Link>
        </EmptyState>
      ) : (
        <ListGroup as="ul" className="shadow-sm chat-list">
          {list.data!.chats.map((c) => {
            // A member purged after the §4 deletion window (issue 9): a placeholder, no photo.
            const name = c.profile.deleted ? t`Deleted member` : c.profile.name;
            return (
              <ListGroup.Item as="li" key={c.conversationId} className="d-flex align-items-center gap-3 py-3">
                <Avatar src={c.profile.mainImage?.thumbUrl} name={name} size={52} />
                <Link
                  id={`chat-link-${c.conversationId}`}
                  to={`/chats/${c.conversationId}`}
                  className="flex-grow-1 min-w-0 text-decoration-none text-body stretched-link-area"
                >
                  <div className="d-flex justify-content-between align-items-baseline">
                    <strong className={`text-truncate${c.profile.deleted ? " text-body-secondary" : ""}`}>
                      {name}
                    </strong>
                    <small className="text-body-secondary ms-2 flex-none">
                      {formatWhen(new Date(c.updatedAt), i18n.locale)}
                    </small>
                  </div>
                  <div className="d-flex justify-content-between">
                    <span
                      className={`text-truncate small ${c.numUnreadMessages ? "fw-semibold" : "text-body-secondary"}`}
                    >
                      {c.lastMessage ? (c.lastMessage.fromMe ? t`You: ${c.lastMessage.body}` : c.lastMessage.body) : ""}
                    </span>
                    <CountBadge
                      count={c.numUnreadMessages}
                      label={plural(c.numUnreadMessages, { one: "unread message", other: "unread messages" })}
                    />
                  </div>
                </Link>
                <Button
                  id={`chat-remove-${c.conversationId}`}
                  variant="outline-secondary"
                  size="sm"
                  aria-label={t`Remove the chat with ${name}`}
                  title={t`Remove the chat with ${name}`}
                  onClick={() => ask({ conversationId: c.conversationId, name })}
                >
                  ✕
                </Button>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        onExited={afterDialog}
        restoreFocus={false}
        centered
        aria-labelledby="remove-chat-title"
      >
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title id="remove-chat-title" as="h2" className="h5">
            {t`Remove the chat with ${removingName}?`}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">
            <Trans>
              It leaves your list of messages. Nothing is deleted: the chat comes back as soon as one of you writes
              again.
            </Trans>
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t`Cancel`}
          </Button>
          <Button variant="danger" onClick={confirm}>
            {t`Remove`}
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
