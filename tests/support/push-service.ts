import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Web Push service for tests (issue 11): a node:http server on 127.0.0.1 standing in for
 * FCM or Mozilla's autopush. Each subscription it hands out has its own endpoint path and its own
 * browser keys (an ECDH P-256 pair and a 16-byte auth secret, as a browser makes them); a push
 * posted there is decrypted per RFC 8291 (aes128gcm, RFC 8188) with those keys, using node:crypto
 * only, so a test sees exactly what a service worker would get. The server needs
 * PUSH_ALLOW_LOOPBACK_HTTP=true to accept these http endpoints.
 */
export interface ReceivedPush {
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface TestSubscription {
  /** As PushSubscription.toJSON() gives it: send it to push.subscribe or /api/user.php?push=1. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Pushes received at this endpoint, oldest first. */
  received: ReceivedPush[];
  /** Answer further pushes with this status (e.g. 410: the subscription is gone). Default 201. */
  answerWith(status: number): void;
  /** How many requests reached this endpoint (whatever the answer). */
  readonly requests: number;
}

export interface TestPushService {
  url: string;
  subscribe(): TestSubscription;
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const subs = new Map<
    string,
    { ecdh: crypto.ECDH; auth: Buffer; status: number; received: ReceivedPush[]; requests: number }
  >();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const sub = subs.get(req.url ?? "");
      if (!sub || req.method !== "POST") {
        res.writeHead(404).end();
        return;
      }
      sub.requests += 1;
      if (sub.status >= 300) {
        res.writeHead(sub.status).end();
        return;
      }
      try {
        const plain = decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth);
        sub.received.push({
          payload: JSON.parse(plain.toString("utf8")) as Record<string, unknown>,
          headers: req.headers,
        });
        res.writeHead(sub.status).end();
      } catch (err) {
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    subscribe() {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const path = `/push/${crypto.randomBytes(12).toString("base64url")}`;
      const entry = { ecdh, auth, status: 201, received: [] as ReceivedPush[], requests: 0 };
      subs.set(path, entry);
      return {
        subscription: {
          endpoint: `${url}${path}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        },
        received: entry.received,
        answerWith(status: number) {
          entry.status = status;
        },
        get requests() {
          return entry.requests;
        },
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * RFC 8291 / RFC 8188 decryption of one aes128gcm body with the browser's keys.
 * Body: salt (16) | record size (4) | key id length (1) | key id (the server's ECDH public key) | records.
 */
export function decryptAes128gcm(body: Buffer, ua: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error("more than one record: not what web-push sends");
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("bad padding delimiter");
  return padded.subarray(0, end);
}
