import type { CurrentUser } from "../features/accounts/accounts.service.js";
import type { ChatListItem } from "../features/chats/chats.service.js";
import type { LikeListItem } from "../features/likes/likes.service.js";
import type { ProfileSummary } from "../features/members/members.service.js";
import type { AutoLikeProfile } from "../features/likes/auto-like.service.js";
import type { Site } from "../features/site/site.service.js";

/**
 * The §3/§7 answer shapes of the legacy API, in the PHP era's snake case, built from the
 * services' plain objects. docs/legacy-api.openapi.yaml documents each; the contract tests
 * hold every answer to it. Image `filename`s are site paths (/media/…): a client puts the
 * site's cdn_prefix before them.
 */
export interface LegacyImage {
  filename: string;
  thumb_filename: string;
  status?: string;
}

export function legacyUser(u: CurrentUser, site: Pick<Site, "fictional_icon">) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    language: u.language,
    status: u.status,
    credits: u.credits,
    paid_user: u.paidUser,
    free_messages_left: u.freeMessagesLeft,
    signup_date: u.signupDate,
    // §3: the reason e-mail notifications were switched off (fbl, bounce, listunsubscribe), or null.
    notifications_disabled: u.notificationsDisabled,
    fictional_icon: site.fictional_icon,
    send_with_enter: u.sendWithEnter,
    profile: {
      id: u.id,
      name: u.name,
      status: u.profileStatus,
      gender: u.gender,
      country: u.country,
      main_image: u.mainImage
        ? ({
            filename: u.mainImage.url,
            thumb_filename: u.mainImage.thumbUrl,
            status: u.mainImage.status,
          } satisfies LegacyImage)
        : null,
    },
  };
}

export function legacyProfileCard(p: ProfileSummary) {
  return {
    id: p.id,
    name: p.name,
    age: p.age,
    gender: p.gender,
    city: p.city,
    country: p.country,
    last_active: p.lastActive,
    fictional: p.fictional,
    /** Purged after the §4 deletion window (issue 9): show "Deleted member", no profile link. */
    deleted: p.deleted,
    main_image: p.mainImage
      ? ({ filename: p.mainImage.url, thumb_filename: p.mainImage.thumbUrl } satisfies LegacyImage)
      : null,
  };
}

/** §3 chat list item: conversation (id), profile (id), num_unread_messages. */
export function legacyChat(c: ChatListItem) {
  return {
    conversation: { id: c.conversationId },
    profile: legacyProfileCard(c.profile),
    num_unread_messages: c.numUnreadMessages,
    last_message: c.lastMessage ? { body: c.lastMessage.body, from_me: c.lastMessage.fromMe } : null,
    updated_at: c.updatedAt,
  };
}

/** Profiles the member liked. */
export function legacyLikedProfile(l: LikeListItem) {
  return { ...legacyProfileCard(l.profile), mutual: l.mutual, liked_at: l.likedAt };
}

/** §3 liked-by item: id, like_new. */
export function legacyLikedBy(l: LikeListItem) {
  return { ...legacyProfileCard(l.profile), like_new: l.isNew, mutual: l.mutual, liked_at: l.likedAt };
}

export function legacyAutoLike(p: AutoLikeProfile) {
  return {
    id: p.id,
    name: p.name,
    like_new: p.likeNew,
    fictional: p.fictional,
    main_image: {
      filename: p.mainImage.url,
      thumb_filename: p.mainImage.thumbUrl,
      status: p.mainImage.status,
    } satisfies LegacyImage,
  };
}

/** §3 site settings object; geoip fields from the request. */
export function legacySettings(
  site: Site,
  geo: { geoip_country: string | null; geoip_selected_country: string | null },
) {
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domain_language,
    cdn_prefix: site.cdn_prefix,
    index_title: site.index_title,
    description: site.description,
    countries: site.countries,
    signups: site.signups,
    logged_out_search: site.logged_out_search,
    logged_out_search_trafficsource: site.logged_out_search_trafficsource,
    enable_site_entry_popup: site.enable_site_entry_popup,
    geoip_country: geo.geoip_country,
    geoip_selected_country: geo.geoip_selected_country,
    push_public_key: site.push_public_key,
    minimum_message_costs: site.minimum_message_costs,
    support_phone: site.support_phone,
    support_email: site.support_email,
    fictional_icon: site.fictional_icon,
    fictional_warning: site.fictional_warning,
    fictional_singular: site.fictional_singular,
    fictional_plural: site.fictional_plural,
    visible_profile_fields: site.visible_profile_fields,
    visible_profile_notes: site.visible_profile_notes,
    search_fields: site.search_fields,
    message_credits: site.message_credits,
    photo_credits: site.photo_credits,
    gift_credits: site.gift_credits,
    signup_credits: site.signup_credits,
    message_length: site.message_length,
    refund_days: site.refund_days,
    member_resell: site.member_resell,
  };
}
