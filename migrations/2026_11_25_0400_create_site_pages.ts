import { type Kysely, sql } from "kysely";

/**
 * §2 `{token}` static pages (/pages/{token}): pages a site's operator writes (about us, safety
 * tips, imprint …), one row per site, token and language. The body is a list of blocks (heading,
 * paragraph, list, and the company's details or support contacts filled in from the site's
 * settings at render time), never HTML: nothing an operator types can run in a member's browser.
 * Seeds two pages for the default site in English (other languages fall back to English).
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_pages")
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id").onDelete("cascade"))
    // The URL segment: lower-case letters, digits and dashes (what the route accepts).
    .addColumn("token", "text", (c) => c.notNull().check(sql`token ~ '^[a-z0-9][a-z0-9-]{0,63}$'`))
    .addColumn("language", "text", (c) =>
      c.notNull().check(sql`language in ('en', 'de', 'es', 'fr', 'it', 'nl', 'pl')`),
    )
    .addColumn("title", "text", (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    .addColumn("blocks", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("site_pages_pk", ["site_id", "token", "language"])
    .execute();

  const site = await db.selectFrom("sites").select("id").where("is_default", "=", true).executeTakeFirst();
  if (!site) return;
  const pages = [
    {
      token: "about",
      title: "About us",
      blocks: [
        { type: "paragraph", text: "We run a dating site for adults who want to meet new people near them." },
        { type: "heading", text: "What we offer" },
        {
          type: "list",
          items: [
            "Search members by gender, age and country.",
            "Like members and get a match when the like is mutual.",
            "Chat in conversations paid with credits.",
          ],
        },
        { type: "heading", text: "Who we are" },
        { type: "company" },
      ],
    },
    {
      token: "safety",
      title: "Safety tips",
      blocks: [
        {
          type: "paragraph",
          text: "Most members are here for the same reason you are. A few simple habits keep you safe.",
        },
        { type: "heading", text: "While chatting" },
        {
          type: "list",
          items: [
            "Never send money or gift cards to someone you have not met.",
            "Keep your address, workplace and bank details to yourself.",
            "Report a profile or a message that makes you uneasy.",
          ],
        },
        { type: "heading", text: "When you meet" },
        {
          type: "list",
          items: ["Meet in a public place and tell a friend where you are.", "Arrange your own way there and back."],
        },
        { type: "heading", text: "Need help?" },
        { type: "contact" },
      ],
    },
  ];
  for (const p of pages) {
    await db
      .insertInto("site_pages")
      .values({ site_id: site.id, token: p.token, language: "en", title: p.title, blocks: JSON.stringify(p.blocks) })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_pages").ifExists().execute();
}
