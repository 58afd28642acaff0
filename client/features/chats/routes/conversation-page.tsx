import { useParams } from "react-router";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useConversation } from "../api/use-conversation";
import { useChatWith } from "../api/use-chat-with";
import { ChatView } from "../components/chat-view";
import "../chats.css";

/** §2 /chats/{id}: a conversation by its id. */
export function ConversationPage() {
  const id = Number(useParams().id);
  const conversation = useConversation(Number.isInteger(id) && id > 0 ? id : null);
  const errorText = useErrorText();
  if (conversation.isLoading) return <LoadingState />;
  if (!conversation.data) return <ErrorState message={errorText(conversation.error)} />;
  return <ChatView key={id} profile={conversation.data.profile} conversationId={id} />;
}

/** §2 /members/{id}/chat: the conversation with a member, started by the first message. */
export function MemberChatPage() {
  const id = Number(useParams().id);
  const chat = useChatWith(Number.isInteger(id) && id > 0 ? id : 0);
  const errorText = useErrorText();
  if (chat.isLoading) return <LoadingState />;
  if (!chat.data) return <ErrorState message={errorText(chat.error)} />;
  return (
    <ChatView
      key={id}
      profile={chat.data.profile}
      conversationId={chat.data.conversationId}
      startLimit={chat.data.startLimit}
    />
  );
}
