import { type Kysely, sql } from "kysely";

/**
 * Branded sites served by one database (§3 site settings, §7 /api/settings.php): each request
 * is answered with the settings of the site whose domain (or one of its extra hosts) is the
 * request's host, else the default site. Seeds the one default site for localhost.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sites")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // The one site answering unknown hosts.
    .addColumn("is_default", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull().unique())
    // Other host names of the same site (www., staging names, 127.0.0.1 …).
    .addColumn("extra_hosts", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("domain_language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("cdn_prefix", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("index_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("countries", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("signups", "text", (c) =>
      c
        .notNull()
        .defaultTo("all")
        .check(sql`signups in ('all', 'with_trafficsource', 'other')`),
    )
    .addColumn("logged_out_search", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("logged_out_search_trafficsource", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("enable_site_entry_popup", "text", (c) => c.notNull().defaultTo("yes"))
    .addColumn("push_public_key", "text")
    .addColumn("minimum_message_costs", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("support_phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("support_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fictional_icon", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("fictional_warning", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fictional_singular", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fictional_plural", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("visible_profile_fields", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("visible_profile_notes", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("search_fields", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // Credits settings: integers, as all money-like values.
    .addColumn("message_credits", "integer", (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`message_credits >= 0`),
    )
    .addColumn("photo_credits", "integer", (c) =>
      c
        .notNull()
        .defaultTo(20)
        .check(sql`photo_credits >= 0`),
    )
    .addColumn("gift_credits", "integer", (c) =>
      c
        .notNull()
        .defaultTo(50)
        .check(sql`gift_credits >= 0`),
    )
    .addColumn("signup_credits", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`signup_credits >= 0`),
    )
    .addColumn("free_messages", "integer", (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`free_messages >= 0`),
    )
    .addColumn("message_length", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1000)
        .check(sql`message_length > 0`),
    )
    .addColumn("refund_days", "integer", (c) =>
      c
        .notNull()
        .defaultTo(14)
        .check(sql`refund_days >= 0`),
    )
    .addColumn("member_resell", "boolean", (c) => c.notNull().defaultTo(false))
    // §3 company info of the operator of this site (/api/companyinfo.php).
    .addColumn("company_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company_address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company_registration_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company_city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company_country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company_tradenames", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("company_vat_numbers", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // Percent off offered to a member about to delete their account.
    .addColumn("company_delete_discount", "integer", (c) => c.notNull().defaultTo(0))
    // §9: the terms version date is 2023-12-01 12:00 UTC or this date if later.
    .addColumn("company_added", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one default site.
  await sql`create unique index sites_one_default_idx on sites (is_default) where is_default`.execute(db);

  await db
    .insertInto("sites")
    .values({
      is_default: true,
      name: "Amora",
      domain: "localhost",
      extra_hosts: sql`array['127.0.0.1', '[::1]']::text[]`,
      domain_language: "en",
      cdn_prefix: "",
      index_title: "Amora: meet new people, chat and find a match",
      description: "Search members near you, send likes, get matches and chat.",
      countries: sql`array['US','NL','BE','FR','IT','ES','DE','AT','IE','GB','CA','PL','AU','NZ','CH']::text[]`,
      signups: "all",
      logged_out_search: "none",
      logged_out_search_trafficsource: "none",
      enable_site_entry_popup: "yes",
      support_phone: "+31 20-000 0000",
      support_email: "support@localhost",
      fictional_icon: false,
      fictional_warning: "",
      fictional_singular: "",
      fictional_plural: "",
      visible_profile_fields: sql`array['age','gender','sexuality','tattoos','hair_color','eye_color','body_type','relationship_status','interests','country','region','city']::text[]`,
      visible_profile_notes: true,
      search_fields: sql`array['gender','country','countryregion','min_age','max_age']::text[]`,
      message_credits: 10,
      photo_credits: 20,
      gift_credits: 50,
      signup_credits: 0,
      free_messages: 3,
      message_length: 1000,
      refund_days: 14,
      member_resell: false,
      company_name: "Amora Demo B.V.",
      company_address: "Demostraat 1",
      company_registration_number: "00000000",
      company_city: "Amsterdam",
      company_country: "NL",
      company_tradenames: sql`array['Amora']::text[]`,
      company_vat_numbers: sql`array['NL000000000B01']::text[]`,
      company_delete_discount: 50,
      company_added: "2023-12-01T12:00:00Z",
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sites").ifExists().execute();
}
