import crypto from "node:crypto";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { hash } from "@node-rs/argon2";
import type { AppDeps } from "../../deps.js";
import type { Tx } from "../../../db/create-db.js";
import type { NewProfile, NewUser } from "../../../db/database.js";
import { grantCreditsInTx } from "../credits/credits.service.js";
import { DEFAULT_SITE_SETTINGS } from "../site/site.settings.js";
import { getSiteForHost } from "../site/site.service.js";
import {
  deletePhotoFiles,
  movePhotoFiles,
  mapWithConcurrency,
  storePhoto,
  type StoredPhotoFiles,
} from "../members/members.photo-store.js";
import * as repo from "./demo.repository.js";

/** Password of the two demo accounts (README, e2e tests). */
export const DEMO_PASSWORD = "demo12345";
/** A premium member with 500 credits, bought in two completed purchases (§2 /transactions). */
export const DEMO_PREMIUM_EMAIL = "demo@amora.test";
/** A free member: no credits, the free-message allowance. */
export const DEMO_FREE_EMAIL = "free@amora.test";
export const DEMO_PREMIUM_CREDITS = 500;
/**
 * The premium demo's purchases: two packages of 250 credits paid with iDEAL in the Netherlands,
 * the second an hour ago. So its payment history, a payment's page and the repeat order (§2
 * /transactions, /credits/repeat-order) show what a paying member sees; they add up to
 * DEMO_PREMIUM_CREDITS.
 */
const DEMO_PURCHASES = [
  { credits: 250, hoursAgo: 3 },
  { credits: 250, hoursAgo: 1 },
] as const;

const BATCH_ROWS = 200;

type SeedDeps = Pick<AppDeps, "db" | "config" | "log">;

interface PlannedMember {
  user: Omit<NewUser, "password_hash">;
  profile: Omit<NewProfile, "id">;
  photos: { isPrivate: boolean }[];
  /** Completed purchases, each granting its credits through the ledger (reason purchase). */
  purchases?: readonly { credits: number; hoursAgo: number }[];
}

/**
 * Seed demo data when the users table is empty (called at start-up when SEED_DEMO is true):
 * config.SEED_MEMBERS realistic members (countries, names, every §3 field, 1–4 generated
 * photos each, some private) and two accounts to log in with, password DEMO_PASSWORD:
 *   demo@amora.test  "Demo", premium, 500 credits from two completed purchases, female, NL, about 30;
 *   free@amora.test  "Sam", free, 0 credits, 3 free messages, male, NL, about 32.
 * With generated members, both have likes received, and Demo a match whose two messages wait
 * unread in its /chats. With SEED_MEMBERS=0 only the two accounts are created (the tests use that).
 *
 * Idempotent and safe when several instances start at once: the check and the inserts run in
 * one transaction under an advisory lock, and nothing is written unless users is empty.
 * Photo files written by a seed that fails are removed again.
 */
export async function seedIfEmpty(deps: SeedDeps): Promise<void> {
  if (await repo.hasUsers(deps.db)) return;
  const startedMs = performance.now();
  // Development dependencies (faker, DiceBear): loaded only when there is something to seed,
  // faker (the larger) only when members are to be generated.
  const memberCount = deps.config.SEED_MEMBERS;
  const [generated, { renderAvatarSvg }] = await Promise.all([
    memberCount > 0 ? import("../members/members.demo.js").then((m) => m.generateDemoMembers) : null,
    import("../members/members.avatars.js"),
  ]);
  const now = new Date();
  // §3 refund days of the default site, as a purchase on it records them (payments.service).
  const refundDays = (await getSiteForHost(deps, null)).refund_days;
  const freeMessages = DEFAULT_SITE_SETTINGS.free_messages;
  const planned: PlannedMember[] = [
    ...demoAccounts(now, freeMessages),
    ...(generated ? generated(memberCount, now) : []).map((m) => ({
      user: {
        email: m.email,
        status: "active" as const,
        paid_user: m.paidUser,
        free_messages_left: m.paidUser ? 0 : freeMessages,
        language: m.language,
        signup_date: m.signupDate,
        confirmed_at: m.signupDate,
      },
      // Generated members are run by nobody: labelled fictional wherever they appear (§3).
      profile: { ...m.profile, status: "active" as const, visible: true, fictional: true },
      photos: m.photos,
    })),
  ];
  // Demo accounts get their own hash; the generated members one shared hash of a password
  // nobody knows (they cannot log in), so seeding costs three hashes, not hundreds.
  const [demoHash, freeHash, nobodyHash] = await Promise.all([
    hash(DEMO_PASSWORD),
    hash(DEMO_PASSWORD),
    hash(crypto.randomBytes(32).toString("base64url")),
  ]);
  const hashOf = (email: string) =>
    email === DEMO_PREMIUM_EMAIL ? demoHash : email === DEMO_FREE_EMAIL ? freeHash : nobodyHash;

  const written: StoredPhotoFiles[] = [];
  let photoMs = 0;
  try {
    const outcome = await deps.db.transaction().execute(async (tx) => {
      await repo.lockSeed(tx);
      if (await repo.hasUsers(tx)) return null; // another instance seeded meanwhile

      const ids = new Map<string, number>();
      for (const batch of chunks(planned, BATCH_ROWS)) {
        const rows = await repo.insertUsers(
          tx,
          batch.map((m) => ({ ...m.user, password_hash: hashOf(m.user.email) })),
        );
        for (const r of rows) ids.set(r.email, r.id);
      }
      const idOf = (m: PlannedMember) => ids.get(m.user.email)!;
      for (const batch of chunks(planned, BATCH_ROWS)) {
        await repo.insertProfiles(
          tx,
          batch.map((m) => ({ ...m.profile, id: idOf(m) })),
        );
      }
      for (const m of planned) {
        for (const purchase of m.purchases ?? []) await seedPurchase(tx, idOf(m), purchase, now, refundDays);
      }

      // Photos: drawn for the profile (seeded by its id); encoding is CPU-bound, so one task per
      // core plus one to cover the file writes (measured: 12 ms a photo at 2, 10 ms at 3 on 2 cores).
      const photoPlan = planned.flatMap((m) =>
        m.photos.map((p, index) => ({
          profileId: idOf(m),
          index,
          isPrivate: p.isPrivate,
          gender: m.profile.gender ?? "female",
          hairColor: m.profile.hair_color ?? "brown",
        })),
      );
      const photoStartMs = performance.now();
      const files = await mapWithConcurrency(photoPlan, os.availableParallelism() + 1, async (p) => {
        const svg = renderAvatarSvg({ profileId: p.profileId, gender: p.gender, hairColor: p.hairColor }, p.index);
        let stored = await storePhoto(deps.config.mediaDir, Buffer.from(svg));
        if (p.isPrivate) stored = await movePhotoFiles(deps.config, stored, true);
        written.push(stored);
        return stored;
      });
      photoMs = performance.now() - photoStartMs;
      const photoRows = photoPlan.map((p, i) => ({
        profile_id: p.profileId,
        ...files[i]!,
        is_main: p.index === 0,
        is_private: p.isPrivate,
        status: "active",
        position: p.index,
      }));
      for (const batch of chunks(photoRows, BATCH_ROWS * 2)) await repo.insertPhotos(tx, batch);

      const { likes, demoMatchId } = await seedLikesForDemoAccounts(tx, planned.map(idOf), ids, planned, now);
      if (demoMatchId) await seedDemoConversation(tx, demoMatchId, ids.get(DEMO_PREMIUM_EMAIL)!, now);
      return { members: planned.length, photos: photoRows.length, likes, conversations: demoMatchId ? 1 : 0 };
    });
    if (!outcome) return;
    deps.log.info(
      { ...outcome, photoMs: Math.round(photoMs), totalMs: Math.round(performance.now() - startedMs) },
      `demo data seeded: log in as ${DEMO_PREMIUM_EMAIL} or ${DEMO_FREE_EMAIL} (password ${DEMO_PASSWORD})`,
    );
  } catch (err) {
    await Promise.all(written.map((f) => deletePhotoFiles(deps.config, f)));
    throw err;
  }
}

/**
 * A purchase as it stands once its provider reported it paid (payments.service applyReportInTx):
 * the payment completed, its credits granted through the ledger with the payment as reference.
 * Paid in the Netherlands with iDEAL through the simulated provider, at the package's list price.
 */
async function seedPurchase(
  tx: Tx,
  userId: number,
  purchase: { credits: number; hoursAgo: number },
  now: Date,
  refundDays: number,
) {
  const pkg = await repo.findPackagePrice(tx, purchase.credits, "EUR");
  const at = new Date(now.getTime() - purchase.hoursAgo * 3_600_000);
  const paymentId = await repo.insertCompletedPayment(tx, {
    user_id: userId,
    package_id: pkg.id,
    credits: purchase.credits,
    country: "NL",
    currency: "EUR",
    list_amount_cents: pkg.amount_cents,
    amount_cents: pkg.amount_cents,
    method: "ideal",
    status: "completed",
    provider: "simulated",
    provider_reference: `demo-${crypto.randomUUID()}`,
    refund_days: refundDays,
    idempotency_key: crypto.randomUUID(),
    created_at: at,
    updated_at: at,
    completed_at: at,
  });
  await grantCreditsInTx(tx, userId, purchase.credits, "purchase", `payment:${paymentId}`);
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** 'YYYY-MM-DD' of a birth date making the member `age` years and `extraDays` days old on `now`. */
function birthDate(now: Date, age: number, extraDays: number): string {
  const d = new Date(
    Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()) - extraDays * 86_400_000,
  );
  return d.toISOString().slice(0, 10);
}

/** The two accounts to log in with (see seedIfEmpty). */
function demoAccounts(now: Date, freeMessages: number): PlannedMember[] {
  const confirmed = { status: "active" as const, signup_date: now, confirmed_at: now };
  // The premium member joined a day ago, before its purchases (DEMO_PURCHASES).
  const dayAgo = new Date(now.getTime() - 86_400_000);
  return [
    {
      user: {
        email: DEMO_PREMIUM_EMAIL,
        ...confirmed,
        signup_date: dayAgo,
        confirmed_at: dayAgo,
        paid_user: true,
        free_messages_left: 0,
        language: "nl",
      },
      profile: {
        name: "Demo",
        status: "active",
        visible: true,
        gender: "female",
        sexuality: "hetero",
        birth_date: birthDate(now, 30, 95),
        country: "NL",
        region: "Noord-Holland",
        city: "Amsterdam",
        hair_color: "blond",
        eye_color: "blue",
        body_type: "slim",
        relationship_status: "single",
        tattoos: false,
        interests: ["travelling", "cooking", "music", "dancing", "wine"],
        note: "Amsterdam girl who loves travelling, cooking for friends and dancing until late. Looking for someone to explore the city with.",
        last_active: now,
      },
      photos: [{ isPrivate: false }, { isPrivate: false }, { isPrivate: true }],
      purchases: DEMO_PURCHASES,
    },
    {
      user: {
        email: DEMO_FREE_EMAIL,
        ...confirmed,
        paid_user: false,
        free_messages_left: freeMessages,
        language: "nl",
      },
      profile: {
        name: "Sam",
        status: "active",
        visible: true,
        gender: "male",
        sexuality: "hetero",
        birth_date: birthDate(now, 32, 140),
        country: "NL",
        region: "Utrecht",
        city: "Utrecht",
        hair_color: "dark brown",
        eye_color: "brown",
        body_type: "normal",
        relationship_status: "single",
        tattoos: true,
        interests: ["cycling", "coffee", "movies", "hiking"],
        note: "Coffee first, then a long bike ride along the Vecht. Movie nights and hiking trips are my thing. Say hi!",
        last_active: now,
      },
      photos: [{ isPrivate: false }, { isPrivate: false }],
    },
  ];
}

/**
 * So the demo accounts' likes pages are not empty: a few members of the other gender liked
 * each of them (new, §4), and Demo liked one back (a match). Only when members were generated.
 * @returns the number of likes, and Demo's match (undefined when no members were generated).
 */
async function seedLikesForDemoAccounts(
  tx: Tx,
  allIds: number[],
  ids: Map<string, number>,
  planned: PlannedMember[],
  now: Date,
): Promise<{ likes: number; demoMatchId: number | undefined }> {
  const demoId = ids.get(DEMO_PREMIUM_EMAIL)!;
  const freeId = ids.get(DEMO_FREE_EMAIL)!;
  const byGender = (g: "male" | "female") =>
    planned
      .map((m, i) => ({ id: allIds[i]!, m }))
      .filter(
        ({ id, m }) =>
          id !== demoId &&
          id !== freeId &&
          m.profile.gender === g &&
          m.profile.sexuality !== "gay" &&
          m.profile.sexuality !== "lesbian",
      )
      .map(({ id }) => id);
  const likersOfDemo = byGender("male").slice(0, 6);
  const likersOfFree = byGender("female").slice(0, 3);
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const rows = [
    ...likersOfDemo.map((id, i) => ({ liker_id: id, liked_id: demoId, is_new: true, created_at: hoursAgo(2 + i * 7) })),
    ...likersOfFree.map((id, i) => ({
      liker_id: id,
      liked_id: freeId,
      is_new: true,
      created_at: hoursAgo(3 + i * 11),
    })),
    ...likersOfDemo
      .slice(0, 1)
      .map((id) => ({ liker_id: demoId, liked_id: id, is_new: true, created_at: hoursAgo(1) })),
  ];
  await repo.insertLikes(tx, rows);
  return { likes: rows.length, demoMatchId: likersOfDemo[0] };
}

/**
 * The messages Demo's match wrote after the match (§4: a match is a like returned), so the
 * premium demo account opens with a conversation in /chats: two messages, unread, to answer
 * with credits. The match is a generated member whom nobody runs: their messages are charged
 * nothing (no ledger row), and Demo's credits stay DEMO_PREMIUM_CREDITS.
 * @returns the conversation's id.
 */
function seedDemoConversation(tx: Tx, matchId: number, demoId: number, now: Date): Promise<number> {
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  return repo.insertConversation(tx, {
    startedBy: matchId,
    otherId: demoId,
    createdAt: minutesAgo(40),
    messages: [
      {
        body: "Hi Demo! So glad you liked me back. Your travel photos are great, where was the last one taken?",
        at: minutesAgo(40),
      },
      {
        body: "I will be in Amsterdam next month. Any tip for a cosy wine bar? Maybe we could have a glass together.",
        at: minutesAgo(38),
      },
    ].map((m) => ({ ...m, senderId: matchId, clientId: crypto.randomUUID() })),
  });
}

// `npm run db:seed`: migrate and seed the configured database, then exit.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { loadConfig } = await import("../../config.js");
  const { createLogger } = await import("../../infra/logger.js");
  const { createDb } = await import("../../../db/create-db.js");
  const { migrateToLatest } = await import("../../../db/migrate.js");
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, config.INSTANCE_ID);
  const { db } = createDb({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    poolMax: config.DATABASE_POOL_MAX,
  });
  try {
    await migrateToLatest(db);
    await seedIfEmpty({ db, config, log });
  } finally {
    await db.destroy();
  }
}
