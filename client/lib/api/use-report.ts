import { trpc } from "../trpc";

/**
 * moderation.report: report a profile, a message or a chat (members), or file a complaint
 * (anyone; a visitor gives an e-mail address). The one hook for the procedure: the profile page,
 * the chat and the complaints page use it, so it lives in lib/api.
 */
export function useReport() {
  return trpc.moderation.report.useMutation();
}
