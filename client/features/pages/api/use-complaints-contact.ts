import { trpc } from "../../../lib/trpc";

/** moderation.contact: the company's contact details for /complaints (visitors too). */
export function useComplaintsContact() {
  return trpc.moderation.contact.useQuery(undefined, { staleTime: 5 * 60_000 });
}
