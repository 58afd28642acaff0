import { trpc } from "../../../lib/trpc";

/** safety.settings: { invisible } (§4 invisible mode). */
export function useSafetySettings() {
  return trpc.safety.settings.useQuery();
}
