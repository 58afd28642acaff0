import { Alert, Button, ListGroup } from "react-bootstrap";
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

/** §2 /chats: the conversation list with unread counts; §4 removing a chat. */
export function ChatsPage() {
  const { t, i18n } = useLingui();
  const list = useChatList();
  const remove = useRemoveChat();
  const errorText = useErrorText();

  return (
    <section aria-labelledby="chats-title" className="chats-page mx-auto">
      <h1 id="chats-title" className="h3 mb-3">
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
                  variant="outline-secondary"
                  size="sm"
                  aria-label={t`Remove the chat with ${name}`}
                  onClick={() => remove.mutate({ conversationId: c.conversationId })}
                >
                  ✕
                </Button>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
    </section>
  );
}
