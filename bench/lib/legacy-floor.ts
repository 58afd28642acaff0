/**
 * The legacy polling floor (issue 13): a bare node:http server answering GET /api/chats.php,
 * /api/user.php and /api/likes.php with the same JSON as the app, from ONE indexed query per poll
 * (the session's primary key joined to what the answer shows), no framework, no validation, no
 * ETag. Through postgres.js (FLOOR_DATABASE_URL) or PGlite (FLOOR_PGLITE_DIR). Runs in its own
 * process; sends {port} over IPC when listening and exits on "stop".
 */
import crypto from "node:crypto";
import http from "node:http";
import postgres from "postgres";

type Row = Record<string, unknown>;
type Query = (text: string, params: unknown[]) => Promise<Row[]>;

const env = process.env;
let query: Query;
let close: () => Promise<void>;
if (env.FLOOR_DATABASE_URL) {
  const sql = postgres(env.FLOOR_DATABASE_URL, {
    max: Number(env.FLOOR_POOL_MAX ?? 10),
    onnotice: () => {},
    types: { date: { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v } },
  });
  query = (text, params) => sql.unsafe(text, params as never[], { prepare: true }) as unknown as Promise<Row[]>;
  close = () => sql.end({ timeout: 5 });
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite({ dataDir: env.FLOOR_PGLITE_DIR, parsers: { 1082: (v: string) => v } });
  query = async (text, params) => (await db.query<Row>(text, params)).rows;
  close = () => db.close();
}

const PHOTO = `left join photos ph on ph.profile_id = p.id and ph.is_main`;
const CARD = `p.id as pid, p.name, p.gender, p.birth_date, p.city, p.country, p.last_active, ph.filename, ph.thumb_filename`;
const CHATS = `select c.id, cm.unread_count, coalesce(c.last_message_at, c.created_at) as updated_at, m.body, m.sender_id,
    s.user_id as me, sum(cm.unread_count) over () as total_unread, ${CARD}
  from sessions s
  join conversation_members cm on cm.user_id = s.user_id and not cm.removed
  join conversations c on c.id = cm.conversation_id
  left join messages m on m.conversation_id = c.id and m.seq = c.last_seq
  join profiles p on p.id = cm.other_user_id ${PHOTO}
  where s.id = $1 and s.expires_at > now()
  order by coalesce(c.last_message_at, c.created_at) desc limit 100`;
const USER = `select u.id, u.email, u.status, u.credits, u.paid_user, u.free_messages_left, u.signup_date, u.language,
    u.send_with_enter, p.name, p.status as profile_status, p.gender, p.country, ph.filename, ph.thumb_filename, ph.status as photo_status
  from sessions s join users u on u.id = s.user_id join profiles p on p.id = u.id ${PHOTO}
  where s.id = $1 and s.expires_at > now()`;
// `mutual` through a join on the likes' primary key: written as `exists (…)`, PostgreSQL 15 chose
// a hashed subplan that read the whole likes table on every poll (auto_explain, 2026-11-27), which
// made this floor ~30× slower than the app it is the floor of.
const LIKES = `select 'sent' as kind, false as is_new, l.created_at as liked_at,
    r.liker_id is not null as mutual, ${CARD}
  from sessions s join likes l on l.liker_id = s.user_id join profiles p on p.id = l.liked_id ${PHOTO}
    left join likes r on r.liker_id = l.liked_id and r.liked_id = l.liker_id
  where s.id = $1 and s.expires_at > now()
  union all
  select 'received', l.is_new, l.created_at,
    r.liker_id is not null, ${CARD}
  from sessions s join likes l on l.liked_id = s.user_id join profiles p on p.id = l.liker_id ${PHOTO}
    left join likes r on r.liker_id = l.liked_id and r.liked_id = l.liker_id
  where s.id = $1 and s.expires_at > now()
  order by kind, liked_at desc`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
function age(birth: unknown): number {
  const b = new Date(String(birth));
  const n = new Date();
  let a = n.getUTCFullYear() - b.getUTCFullYear();
  if (n.getUTCMonth() < b.getUTCMonth() || (n.getUTCMonth() === b.getUTCMonth() && n.getUTCDate() < b.getUTCDate()))
    a--;
  return a;
}
const image = (r: Row) =>
  r.filename
    ? { filename: `/media/${String(r.filename)}`, thumb_filename: `/media/${String(r.thumb_filename)}` }
    : null;
const card = (r: Row) => ({
  id: r.pid,
  name: r.name,
  age: age(r.birth_date),
  gender: r.gender,
  city: r.city,
  country: r.country,
  last_active: iso(r.last_active),
  main_image: image(r),
});

async function answer(path: string, sessionId: string): Promise<unknown> {
  if (path === "/api/chats.php") {
    const rows = await query(CHATS, [sessionId]);
    return {
      chats: rows.map((r) => ({
        conversation: { id: r.id },
        profile: card(r),
        num_unread_messages: r.unread_count,
        last_message: r.body !== null ? { body: r.body, from_me: r.sender_id === r.me } : null,
        updated_at: iso(r.updated_at),
      })),
      total_unread_messages: Number(rows[0]?.total_unread ?? 0),
    };
  }
  if (path === "/api/user.php") {
    const [u] = await query(USER, [sessionId]);
    if (!u) return null;
    return {
      user: {
        id: u.id,
        email: u.email,
        name: u.name,
        language: u.language,
        status: u.status,
        credits: u.credits,
        paid_user: u.paid_user,
        free_messages_left: u.free_messages_left,
        signup_date: iso(u.signup_date),
        notifications_disabled: null,
        fictional_icon: null,
        send_with_enter: u.send_with_enter,
        profile: {
          id: u.id,
          name: u.name,
          status: u.profile_status,
          gender: u.gender,
          country: u.country,
          main_image: u.filename ? { ...image(u), status: u.photo_status } : null,
        },
      },
    };
  }
  const rows = await query(LIKES, [sessionId]);
  const received = rows.filter((r) => r.kind === "received");
  return {
    profiles: rows
      .filter((r) => r.kind === "sent")
      .map((r) => ({ ...card(r), mutual: r.mutual, liked_at: iso(r.liked_at) })),
    liked_by: received.map((r) => ({ ...card(r), like_new: r.is_new, mutual: r.mutual, liked_at: iso(r.liked_at) })),
    total_new_likes: received.filter((r) => r.is_new).length,
  };
}

const server = http.createServer((req, res) => {
  const token = /(?:^|;\s*)auth=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  const path = (req.url ?? "").split("?")[0]!;
  if (!token || !["/api/chats.php", "/api/user.php", "/api/likes.php"].includes(path)) {
    res.writeHead(403, { "content-type": "application/json" }).end('{"error":"authentication_required"}');
    return;
  }
  answer(path, crypto.createHash("sha256").update(token).digest("hex")).then(
    (body) => {
      if (body === null) {
        res.writeHead(403, { "content-type": "application/json" }).end('{"error":"authentication_required"}');
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
    },
    (err: unknown) => {
      console.error(err);
      res.writeHead(500).end();
    },
  );
});
server.keepAliveTimeout = 72_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send!({ port: typeof address === "object" && address ? address.port : 0 });
});
process.on("message", (msg) => {
  if (msg !== "stop") return;
  server.close();
  server.closeAllConnections();
  void close().finally(() => process.exit(0));
});
