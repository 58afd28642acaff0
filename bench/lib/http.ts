import http from "node:http";

/**
 * A minimal `fetch` for tRPC's httpLink over node:http with a keep-alive agent.
 *
 * The load generators share two cores with the server under test; undici's fetch costs
 * several times the CPU of a plain http.request per call, which would make the client the
 * bottleneck sooner. tRPC only needs `ok`, `status`, `headers` and `json()` of the answer.
 */
export function keepAliveFetch(opts: { maxSockets?: number; onResponse?: (res: http.IncomingMessage) => void } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 64 });
  const fetchFn = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> =>
    new Promise((resolve, reject) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      const headers =
        init.headers instanceof Headers
          ? Object.fromEntries(init.headers)
          : ((init.headers ?? {}) as Record<string, string>);
      const body = typeof init.body === "string" ? init.body : undefined;
      const req = http.request(
        {
          agent,
          hostname: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: init.method ?? "GET",
          headers: body !== undefined ? { ...headers, "content-length": Buffer.byteLength(body) } : headers,
        },
        (res) => {
          opts.onResponse?.(res);
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const status = res.statusCode ?? 0;
            resolve({
              ok: status >= 200 && status < 300,
              status,
              headers: new Headers(
                Object.entries(res.headers).flatMap(([k, v]) =>
                  Array.isArray(v)
                    ? v.map((x) => [k, x] as [string, string])
                    : v === undefined
                      ? []
                      : [[k, v] as [string, string]],
                ),
              ),
              json: async () => JSON.parse(text),
              text: async () => text,
            } as unknown as Response);
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      if (init.signal) init.signal.addEventListener("abort", () => req.destroy(new Error("aborted")), { once: true });
      req.end(body);
    });
  return { fetch: fetchFn as typeof fetch, agent };
}
