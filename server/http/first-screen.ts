import type { FastifyReply, FastifyRequest } from "fastify";
import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { AppDeps } from "../deps.js";
import { appRouter } from "../router.js";
import { createCallerFactory } from "../trpc/init.js";
import { createContextFactory } from "../trpc/context.js";
import type { FirstScreenOfPage } from "./app-page.js";
import { paths } from "../../client/app/paths.js";
import { searchInputOf } from "../../client/features/members/search-input.js";

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
  /** /members only: the search the page asks for first (`input`, the query's key) and its answer. */
  "members.search"?: { input: unknown; output: unknown };
}

/**
 * The first screen's data, and the images its first screenful shows first (its LCP, issue 11):
 * paths (`/media/…`) in screen order, at most 2.
 */
export interface FirstScreen extends FirstScreenOfPage {
  data: FirstScreenData;
}

/** The photos a phone shows in its first screenful of search results (ProfileCardGrid `priority`). */
const FIRST_SCREENFUL_PHOTOS = 2;

/**
 * The first screen's data for the app's HTML (issue 11: the page brings it, so no first screen
 * waits for a round trip; http/app-page.ts writes it into the page). Each value is what the
 * procedure answers this request over HTTP: the same procedures, called in-process through
 * tRPC's caller with the request's own context (its cookies, host and client address), so the
 * rules and the JSON are the procedures' own.
 *
 * On `/members` (§2 search) the page also brings the search it opens with, when the §4 rules let
 * this browser search (a member, or logged-out search allowed): the input is the page's own
 * (client/features/members/search-input.ts `searchInputOf`, from the URL's query and the member's
 * gender), and the first photos of its answer are named in `images`, so the browser fetches the
 * page's largest paint beside the scripts. A failed search (RATE_LIMITED) leaves it out.
 * @returns a function of the request, its reply and the page's path ("" for a 404 page): the data,
 *   or null when a lookup failed (the database is away: the page is still served, and the client
 *   asks for each itself); never throws.
 */
export function firstScreenLoader(
  deps: AppDeps,
): (req: FastifyRequest, reply: FastifyReply, pathname: string) => Promise<FirstScreen | null> {
  const createContext = createContextFactory(deps);
  const createCaller = createCallerFactory(appRouter);
  return async (req, reply, pathname) => {
    try {
      const caller = createCaller(await createContext({ req, res: reply } as CreateFastifyContextOptions));
      const [me, settings, visitor, entryWarning] = await Promise.all([
        caller.accounts.me(),
        caller.site.settings(),
        caller.site.visitor(),
        caller.site.entryWarning(),
      ]);
      const data: FirstScreenData = {
        "accounts.me": me,
        "site.settings": settings,
        "site.visitor": visitor,
        "site.entryWarning": entryWarning,
      };
      const images: string[] = [];
      if (pathname.replace(/\/+$/, "") === paths.members && (me || visitor.loggedOutSearch)) {
        const input = searchInputOf(new URL(req.url, "http://page").searchParams, me);
        const output = await caller.members.search(input).catch(() => null);
        if (output) {
          data["members.search"] = { input, output };
          for (const item of output.items.slice(0, FIRST_SCREENFUL_PHOTOS))
            if (item.mainImage) images.push(item.mainImage.url);
        }
      }
      return { data, images, personal: me !== null };
    } catch (err) {
      deps.log.warn({ err }, "the app page's first-screen data failed: the client will ask");
      return null;
    }
  };
}
