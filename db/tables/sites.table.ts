import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// §3 site settings and company info of each branded site. Kept in step with migrations/ by hand.

/** §3 site settings and company info of one branded site (migration 2026_11_22_0100). */
export interface SitesTable {
  id: Generated<number>;
  is_default: Generated<boolean>;
  name: string;
  domain: string;
  extra_hosts: ColumnType<string[], string[] | undefined, string[]>;
  domain_language: Generated<string>;
  cdn_prefix: Generated<string>;
  index_title: Generated<string>;
  description: Generated<string>;
  countries: ColumnType<string[], string[] | undefined, string[]>;
  signups: Generated<"all" | "with_trafficsource" | "other">;
  logged_out_search: Generated<string>;
  logged_out_search_trafficsource: Generated<string>;
  enable_site_entry_popup: Generated<string>;
  push_public_key: string | null;
  minimum_message_costs: ColumnType<Record<string, { costs: number; currency: string }>, string | undefined, string>;
  support_phone: Generated<string>;
  support_email: Generated<string>;
  fictional_icon: Generated<boolean>;
  fictional_warning: Generated<string>;
  fictional_singular: Generated<string>;
  fictional_plural: Generated<string>;
  visible_profile_fields: ColumnType<string[], string[] | undefined, string[]>;
  visible_profile_notes: Generated<boolean>;
  search_fields: ColumnType<string[], string[] | undefined, string[]>;
  message_credits: Generated<number>;
  photo_credits: Generated<number>;
  gift_credits: Generated<number>;
  signup_credits: Generated<number>;
  free_messages: Generated<number>;
  message_length: Generated<number>;
  refund_days: Generated<number>;
  member_resell: Generated<boolean>;
  /** 'post': new photos go live at once and are reviewed after; 'pre': pending until approved (migration 2026_11_24_0400). */
  photo_moderation: Generated<"pre" | "post">;
  company_name: Generated<string>;
  company_address: Generated<string>;
  company_registration_number: Generated<string>;
  company_city: Generated<string>;
  company_country: Generated<string>;
  company_tradenames: ColumnType<string[], string[] | undefined, string[]>;
  company_vat_numbers: ColumnType<string[], string[] | undefined, string[]>;
  company_delete_discount: Generated<number>;
  company_added: Timestamp;
  updated_at: Timestamp;
}

export type SiteRow = Selectable<SitesTable>;
export type NewSite = Insertable<SitesTable>;
export type SiteUpdate = Updateable<SitesTable>;
