import { expect, it } from "vitest";
import { initTRPC } from "@trpc/server";
import { transformTRPCResponse } from "@trpc/server/unstable-core-do-not-import";

/**
 * patches/@trpc+server+11.19.0.patch (docs/decisions.md "tRPC's object spreads as native
 * spreads"): @trpc/server 11.19 ships its object spreads (`{ ...a, ...b }`) downlevelled to a
 * helper that copies key by key with defineProperty; the patch makes the helper a native spread.
 * Every answer, subscription event and middleware step goes through it, so these check the
 * spread's meaning where tRPC uses it: a copy with own enumerable keys, symbols included, later
 * keys winning, a "__proto__" key (as JSON.parse makes one) kept as data and never a prototype,
 * and the sources left as they were.
 */
const config = initTRPC.create()._config;

it("copies an answer and its result, replacing the data with its serialised form", () => {
  const tag = Symbol("tag");
  const data = { n: 1 };
  const result = { type: "data" as const, data, [tag]: "kept" };
  const item = { id: 7, jsonrpc: "2.0" as const, result };
  const out = transformTRPCResponse(config, item) as typeof item;
  expect(out).toEqual({ id: 7, jsonrpc: "2.0", result: { type: "data", data: { n: 1 }, [tag]: "kept" } });
  expect(out).not.toBe(item);
  expect(out.result).not.toBe(result);
  expect(item).toEqual({ id: 7, jsonrpc: "2.0", result: { type: "data", data: { n: 1 }, [tag]: "kept" } });
});

it('keeps a "__proto__" key of an answer as its own data, never as the copy\'s prototype', () => {
  const item = JSON.parse('{"id":1,"__proto__":{"polluted":true},"result":{"type":"data","data":null}}') as {
    id: number;
    result: { type: "data"; data: null };
  };
  const out = transformTRPCResponse(config, item) as unknown as Record<string, unknown>;
  expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  expect(Object.hasOwn(out, "__proto__")).toBe(true);
  expect((out as { polluted?: unknown }).polluted).toBeUndefined();
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
});

it("merges a middleware's context over the call's, later keys winning, the first context unchanged", async () => {
  const t = initTRPC.context<{ a: number; b: number }>().create();
  const seen: unknown[] = [];
  const router = t.router({
    ping: t.procedure
      .use(({ next }) => next({ ctx: { b: 20, c: 30 } }))
      .input((raw) => raw as { x: number })
      .query(({ ctx, input }) => {
        seen.push(ctx);
        return input.x;
      }),
  });
  const ctx = { a: 1, b: 2 };
  const caller = t.createCallerFactory(router)(ctx);
  await expect(caller.ping({ x: 5 })).resolves.toBe(5);
  expect(seen).toEqual([{ a: 1, b: 20, c: 30 }]);
  expect(ctx).toEqual({ a: 1, b: 2 });
});
