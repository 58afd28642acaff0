import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * The landers' optional `{slug}` (§2 "/landers/{name}/{slug?}", /members/{id}/landing2|3/{slug?}):
 * it picks one of a fixed set of headline variants (and, for "women" / "men", whom the photos
 * show), so a campaign can match its ad's wording. It is never printed as it came: a URL's text
 * shown as a heading would let anyone put their words on the site (content injection). An
 * unknown slug shows the lander's own headline (the page still answers; docs/decisions.md).
 */
export interface HeadlineVariant {
  headline: MessageDescriptor;
  gender?: "male" | "female";
}

export const HEADLINE_VARIANTS: Readonly<Record<string, HeadlineVariant>> = {
  women: { headline: msg`Women near you want to meet you`, gender: "female" },
  men: { headline: msg`Men near you want to meet you`, gender: "male" },
  local: { headline: msg`Singles near you are waiting` },
  tonight: { headline: msg`Find a date for tonight` },
  chat: { headline: msg`Start chatting in minutes` },
  casual: { headline: msg`No strings, just fun` },
};

/** The variant of `slug` (case-insensitive), or undefined for none or an unknown one. */
export function headlineVariant(slug: string | undefined): HeadlineVariant | undefined {
  if (!slug) return undefined;
  const key = slug.toLowerCase();
  return Object.hasOwn(HEADLINE_VARIANTS, key) ? HEADLINE_VARIANTS[key] : undefined;
}
