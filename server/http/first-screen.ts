import type { FastifyReply, FastifyRequest } from "fastify";
import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { AppDeps } from "../deps.js";
import { appRouter } from "../router.js";
import { createCallerFactory } from "../trpc/init.js";
import { createContextFactory } from "../trpc/context.js";

/**
 * What every first screen waits for, keyed by tRPC path: the session (`accounts.me`: null for a
 * visitor), the site's public settings, what the §4 rules allow this visitor (`site.visitor`) and
 * the §4 site-entry warning's server part (`site.entryWarning`). client/app/trpc-provider.tsx
 * `prefetchFirstScreen` puts each into its query cache under the same path.
 */
export interface FirstScreenData {
  "accounts.me": unknown;
  "site.settings": unknown;
  "site.visitor": unknown;
  "site.entryWarning": unknown;
}

/**
 * The first screen's data for the app's HTML (issue 11: the page brings it, so no first screen
 * waits for a round trip; http/app-page.ts writes it into the page). Each value is what the
 * procedure answers this request over HTTP: the same procedures, called in-process through
 * tRPC's caller with the request's own context (its cookies, host and client address), so the
 * rules and the JSON are the procedures' own.
 * @returns a function of the request and its reply: the data, or null when a lookup failed (the
 *   database is away: the page is still served, and the client asks for each itself); never throws.
 */
export function firstScreenLoader(
  deps: AppDeps,
): (req: FastifyRequest, reply: FastifyReply) => Promise<FirstScreenData | null> {
  const createContext = createContextFactory(deps);
  const createCaller = createCallerFactory(appRouter);
  return async (req, reply) => {
    try {
      const caller = createCaller(await createContext({ req, res: reply } as CreateFastifyContextOptions));
      const [me, settings, visitor, entryWarning] = await Promise.all([
        caller.accounts.me(),
        caller.site.settings(),
        caller.site.visitor(),
        caller.site.entryWarning(),
      ]);
      return {
        "accounts.me": me,
        "site.settings": settings,
        "site.visitor": visitor,
        "site.entryWarning": entryWarning,
      };
    } catch (err) {
      deps.log.warn({ err }, "the app page's first-screen data failed: the client will ask");
      return null;
    }
  };
}
