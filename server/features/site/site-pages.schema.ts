import { z } from "zod";

/**
 * A §2 `{token}` page's address segment: lower-case letters, digits and dashes, 1–64 characters
 * (the `site_pages.token` check). Anything else is refused before a query is made.
 */
export const SitePageToken = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: "Unknown page" });

/** site.page input. */
export const SitePageInput = z.object({ token: SitePageToken });

/**
 * One block of a `{token}` page (site_pages.blocks): text is plain text, rendered as text (never
 * HTML). `company` and `contact` are filled in from the site's settings (§3 company info,
 * support_phone, support_email) when the page is shown, so they never go stale.
 */
export const PageBlock = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text: z.string().min(1).max(200) }),
  z.object({ type: z.literal("paragraph"), text: z.string().min(1).max(5000) }),
  z.object({ type: z.literal("list"), items: z.array(z.string().min(1).max(1000)).min(1).max(50) }),
  z.object({ type: z.literal("company") }),
  z.object({ type: z.literal("contact") }),
]);
export type PageBlock = z.infer<typeof PageBlock>;
