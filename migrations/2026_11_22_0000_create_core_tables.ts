import { type Kysely, sql } from "kysely";

/**
 * Core tables of the main job: members, sessions, e-mail links, photos, likes,
 * conversations, messages, the credit ledger and the per-member event log.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // Stored lower-cased; the unique index makes a duplicate sign-up fail even under a race.
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("not_confirmed")
        .check(sql`status in ('not_confirmed', 'active', 'pending_deletion')`),
    )
    // Money is an integer and never below zero: the constraint backs the conditional debit.
    .addColumn("credits", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits >= 0`),
    )
    .addColumn("paid_user", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("free_messages_left", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`free_messages_left >= 0`),
    )
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("invisible", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("send_with_enter", "boolean", (c) => c.notNull().defaultTo(true))
    // Per-member event sequence, bumped under the row lock, so event order is commit order.
    .addColumn("last_event_seq", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("signup_date", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("confirmed_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("profiles")
    .addColumn("id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("disabled")
        .check(sql`status in ('disabled', 'active')`),
    )
    .addColumn("gender", "text", (c) => c.check(sql`gender in ('male', 'female')`))
    .addColumn("sexuality", "text")
    .addColumn("birth_date", "date", (c) => c.notNull())
    .addColumn("country", "text")
    .addColumn("region", "text")
    .addColumn("city", "text")
    .addColumn("hair_color", "text")
    .addColumn("eye_color", "text")
    .addColumn("body_type", "text")
    .addColumn("relationship_status", "text")
    .addColumn("tattoos", "boolean")
    .addColumn("interests", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    // Denormalised for the search index: visible = active profile, not invisible, not deleted.
    .addColumn("visible", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("last_active", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // STACK.md: (country, gender, last_active desc) where visible keeps search p95 in milliseconds at 1M rows.
  await sql`create index profiles_search_idx on profiles (country, gender, last_active desc) where visible`.execute(db);
  await sql`create index profiles_search_any_country_idx on profiles (gender, last_active desc) where visible`.execute(
    db,
  );

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey()) // sha-256 of the cookie token: a leaked table grants nothing
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("email_tokens")
    .addColumn("id", "text", (c) => c.primaryKey()) // sha-256 of the token in the link
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("photos")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    // Unguessable file names: a full-size URL is a capability the server hands out only to who may see it.
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("thumb_filename", "text", (c) => c.notNull())
    .addColumn("blurred_filename", "text", (c) => c.notNull())
    .addColumn("is_main", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_private", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("photos_profile_idx").on("photos").columns(["profile_id", "position"]).execute();
  await sql`create unique index photos_one_main_idx on photos (profile_id) where is_main`.execute(db);

  await db.schema
    .createTable("likes")
    .addColumn("liker_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("liked_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("is_new", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("likes_pk", ["liker_id", "liked_id"])
    .addCheckConstraint("likes_not_self", sql`liker_id <> liked_id`)
    .execute();
  await db.schema.createIndex("likes_liked_idx").on("likes").columns(["liked_id", "created_at"]).execute();

  // §8, §9: 4 likes a day for free members. One row a member a day, bumped conditionally,
  // so unlike-then-like does not refill the quota and two racing likes cannot both take the 4th.
  await db.schema
    .createTable("like_quota")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("used", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("like_quota_pk", ["user_id", "day"])
    .execute();

  await db.schema
    .createTable("conversations")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // Ordered pair: one conversation per two members, found from either side.
    .addColumn("member_low_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("member_high_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("started_by", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // Bumped under the row lock on every message: sequence order is commit order.
    .addColumn("last_seq", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_message_at", "timestamptz")
    .addUniqueConstraint("conversations_pair_uq", ["member_low_id", "member_high_id"])
    .addCheckConstraint("conversations_ordered_pair", sql`member_low_id < member_high_id`)
    .execute();
  await db.schema.createIndex("conversations_started_by_idx").on("conversations").column("started_by").execute();
  await db.schema.createIndex("conversations_high_idx").on("conversations").column("member_high_id").execute();

  await db.schema
    .createTable("conversation_members")
    .addColumn("conversation_id", "integer", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("other_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("unread_count", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`unread_count >= 0`),
    )
    .addColumn("last_read_seq", "integer", (c) => c.notNull().defaultTo(0))
    // §4: removing a chat hides it from this member's list; a new message brings it back.
    .addColumn("removed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("last_message_at", "timestamptz")
    .addPrimaryKeyConstraint("conversation_members_pk", ["user_id", "conversation_id"])
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("conversation_id", "integer", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // Client-generated id, reused on retry: the unique key makes a retry return the first message.
    .addColumn("client_id", "uuid", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("credits_charged", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("messages_conversation_seq_uq", ["conversation_id", "seq"])
    .addUniqueConstraint("messages_sender_client_uq", ["sender_id", "client_id"])
    .execute();

  // Every change of credits is a ledger row written in the balance's own transaction:
  // users.credits always equals the sum of delta.
  await db.schema
    .createTable("credit_ledger")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("delta", "integer", (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn("balance_after", "integer", (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("credit_ledger_user_idx").on("credit_ledger").columns(["user_id", "id"]).execute();
  // One ledger row per thing bought: a message is never charged twice.
  await sql`create unique index credit_ledger_reference_uq on credit_ledger (user_id, reason, reference) where reference is not null`.execute(
    db,
  );

  // Live events per member, numbered by users.last_event_seq: a reconnecting tab
  // resumes after its last event id and misses nothing.
  await db.schema
    .createTable("member_events")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("member_events_pk", ["user_id", "seq"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "member_events",
    "credit_ledger",
    "messages",
    "conversation_members",
    "conversations",
    "like_quota",
    "likes",
    "photos",
    "email_tokens",
    "sessions",
    "profiles",
    "users",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
