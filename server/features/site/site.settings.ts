/**
 * §3 site settings that shape the main job's rules. Each request is served with the settings of
 * its host's site (site.service.ts getSiteForHost, on the tRPC context as ctx.site); every service
 * that reads a setting takes the site as a required parameter, so no rule can silently use the
 * defaults. DEFAULT_SITE_SETTINGS are the values of a site row that sets nothing (message_credits
 * 10, a free-message allowance of 3, message_length 1000).
 */
export interface SiteSettings {
  name: string;
  /** Credits charged per message sent (§3 message_credits). */
  message_credits: number;
  /** Messages a free member may send without credits. */
  free_messages: number;
  /** Maximum characters per message (§3 message_length, §9). */
  message_length: number;
  /** Credits granted at signup (§3 signup_credits). */
  signup_credits: number;
  photo_credits: number;
  gift_credits: number;
  /**
   * Photo moderation (issue 10): 'post' (default) — a new photo is live at once and waits in the
   * /ops queue for review; 'pre' — it is 'pending', shown only to its owner, until approved.
   */
  photo_moderation: "pre" | "post";
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  name: "Amora",
  message_credits: 10,
  free_messages: 3,
  message_length: 1000,
  signup_credits: 0,
  photo_credits: 20,
  gift_credits: 50,
  photo_moderation: "post",
};
