import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { trackRequests } from "../../server/infra/drain.js";
import { rootErrorHandler } from "../../server/http/errors.js";

/**
 * Issue 13, the shutdown drain (server/infra/drain.ts): every kind of handler is counted until its
 * answer is written, and then no longer. A handler that returns the reply itself (as
 * @fastify/static's does for `/media/..`) used to fail with "result.finally is not a function"
 * and stay counted for ever, so every shutdown waited out its whole grace period. The message of
 * such a fault is never the answer's.
 */
describe("the request drain", () => {
  it("counts a handler that returns the reply, a promise or a value until it has answered", async () => {
    const app = Fastify();
    const requests = trackRequests(app);
    app.get("/returns-reply", (_req, reply) => reply.code(403).send({ message: "Forbidden" }));
    app.get("/async", async () => ({ ok: true }));
    app.get("/sync", (_req, reply) => {
      void reply.send("plain");
    });
    await app.ready();

    const forbidden = await app.inject({ url: "/returns-reply" });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: "Forbidden" });
    expect((await app.inject({ url: "/async" })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: "/sync" })).body).toBe("plain");

    expect(requests.inFlight()).toBe(0);
    await expect(requests.drain(60_000)).resolves.toBe(0);
    await app.close();
  });
});

describe("the root error handler", () => {
  it("answers a fault of ours with the §8 wording, not the error's own message; Fastify's client errors keep theirs", async () => {
    const app = Fastify();
    app.setErrorHandler(rootErrorHandler);
    app.get("/fault", () => {
      throw new TypeError("result.finally is not a function");
    });
    app.post("/json", (req) => req.body);
    await app.ready();

    const fault = await app.inject({ url: "/fault" });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toEqual({ error: "internal_error", message: "An error has occurred" });
    expect(fault.body).not.toContain("finally");

    const bad = await app.inject({
      method: "POST",
      url: "/json",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });
});
