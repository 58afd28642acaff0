import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { useTestServer } from "../support/server.js";
import { memberFactory } from "../support/factories.js";
import { keepNewerMessages } from "../../client/features/chats/api/keep-newer-messages.js";
import type { RouterOutputs } from "../../client/lib/router-types.js";

type Conversation = RouterOutputs["chats"]["conversation"];

const t = useTestServer();
const member = memberFactory(t, { credits: 200, country: "NL" });

/**
 * The conversation screen's one store of messages (client/features/chats/api/use-conversation.ts):
 * a poll or the live stream's catch-up that read the conversation just before a message was
 * committed must not take that message off the screen when its answer lands after the message
 * itself (a send's answer, a live message.new). React Query's own client, the server's own answers.
 */
describe("a conversation page read before a message and answered after it (keepNewerMessages)", () => {
  it("keeps the message; a page that has it is the server's; React Query's default would drop it", async () => {
    const a = await member();
    const b = await member();
    const hi = await b.api.chats.send({ toProfileId: a.id, clientId: crypto.randomUUID(), body: "hi Anna" });
    const input = { conversationId: hi.message.conversationId, beforeSeq: null };
    const before = await a.api.chats.conversation(input); // the poll's read, before the reply
    const reply = await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hello Bo" });
    const after = await a.api.chats.conversation(input);

    const bodiesAfter = async (sharing: typeof keepNewerMessages | boolean) => {
      const queryClient = new QueryClient();
      const key = ["chats.conversation", input];
      queryClient.setQueryData(key, before);
      // The send's answer joins the cache (useAddMessageToConversation), then the poll's answer lands.
      queryClient.setQueryData(key, (old: Conversation) => ({ ...old, messages: [...old.messages, reply.message] }));
      await queryClient.fetchQuery({ queryKey: key, queryFn: () => before, staleTime: 0, structuralSharing: sharing });
      const afterPoll = (queryClient.getQueryData(key) as Conversation).messages.map((m) => m.body);
      // The next poll, read after the reply: the cache is the server's page.
      await queryClient.fetchQuery({ queryKey: key, queryFn: () => after, staleTime: 0, structuralSharing: sharing });
      const afterNext = queryClient.getQueryData(key);
      queryClient.clear();
      return { afterPoll, afterNext };
    };

    const kept = await bodiesAfter(keepNewerMessages);
    expect(kept.afterPoll).toEqual(["hi Anna", "hello Bo"]);
    expect(kept.afterNext).toEqual(after);
    const dropped = await bodiesAfter(true); // React Query's default: the older page replaces the cache
    expect(dropped.afterPoll).toEqual(["hi Anna"]);
  });
});
