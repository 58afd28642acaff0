import { trpc } from "../../../lib/trpc";

/**
 * security.checkPasswordResetLink: whether the link of /reset-password/do can still be used,
 * asked once as the page opens (read-only: the link stays usable). A token too short to be one
 * is not asked about.
 */
export function useCheckPasswordResetLink(token: string) {
  return trpc.security.checkPasswordResetLink.useQuery(
    { token },
    { enabled: token.length >= 10, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
}
