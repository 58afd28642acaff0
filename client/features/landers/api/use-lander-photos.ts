import { trpc } from "../../../lib/trpc";

/**
 * landers.photos: `count` visible members with their public main photo (newest active first),
 * optionally of one gender. Read once per lander visit (members change slowly).
 */
export function useLanderPhotos(count: number, gender?: "male" | "female") {
  return trpc.landers.photos.useQuery({ count, gender }, { staleTime: 5 * 60_000 });
}
