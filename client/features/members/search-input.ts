import type { RouterInputs } from "../../lib/router-types";

/** members.search's input (§2 search). */
export type SearchMembersInput = RouterInputs["members"]["search"];

/** Search ages (server members.schema SEARCH_MIN_AGE / SEARCH_MAX_AGE). */
export const MIN_AGE = 18;
export const MAX_AGE = 99;
/** Profile cards per page of /members. */
const PAGE_SIZE = 20;
/** The deepest page a URL may ask for (members.search's own bound). */
const MAX_PAGE = 500;

/** §3 search state as the form holds it: strings, "" meaning "any". */
export interface FilterValues {
  gender: "male" | "female" | "any";
  country: string;
  region: string;
  minAge: string;
  maxAge: string;
}

/** Who searches (accounts.me): their own gender and whom they look for. Null or absent: a visitor. */
export type Seeker = { gender: "male" | "female" | null; searchGender: "male" | "female" | null } | null | undefined;

/**
 * The gender a member's searches show when none is chosen: whom they look for (their profile's
 * "I am looking for", §3), else the other gender than theirs; any for a visitor or a member with
 * neither. /members, /match-finder, the swipe game and the first matches after sign-up share it.
 */
export function defaultSearchGender(seeker: Seeker): "male" | "female" | "any" {
  if (seeker?.searchGender) return seeker.searchGender;
  return seeker?.gender === "male" ? "female" : seeker?.gender === "female" ? "male" : "any";
}

/** defaultSearchGender as members.search's `gender` filter: undefined for any. */
export function defaultGenderFilter(seeker: Seeker): "male" | "female" | undefined {
  const gender = defaultSearchGender(seeker);
  return gender === "any" ? undefined : gender;
}

/**
 * The gender a search URL asks for (`gender`: male, female or any); absent or unknown, the
 * seeker's default (defaultSearchGender). /members and /match-finder share it.
 */
export function genderFrom(params: URLSearchParams, seeker: Seeker): "male" | "female" | "any" {
  const g = params.get("gender");
  if (g === "male" || g === "female" || g === "any") return g;
  return defaultSearchGender(seeker);
}

/**
 * The search state of /members's URL (gender, country, region, minAge, maxAge). An absent or
 * unknown gender means the seeker's default (defaultSearchGender); an age outside 18–99 means any.
 */
export function filtersFrom(params: URLSearchParams, seeker: Seeker): FilterValues {
  const gender = genderFrom(params, seeker);
  const age = (k: string) => {
    const n = Number(params.get(k));
    return Number.isInteger(n) && n >= MIN_AGE && n <= MAX_AGE ? String(n) : "";
  };
  const country = params.get("country")?.toUpperCase() ?? "";
  return {
    gender,
    country,
    region: country ? (params.get("region") ?? "") : "",
    minAge: age("minAge"),
    maxAge: age("maxAge"),
  };
}

/** The page number of /members's URL: 1–500, 1 when absent or unreadable. */
function pageFrom(params: URLSearchParams): number {
  return Math.max(1, Math.min(MAX_PAGE, Math.floor(Number(params.get("page")) || 1)));
}

/** The keyset cursor of a page reached with "Next" (members.search nextCursor), as the URL keeps it. */
function cursorFrom(params: URLSearchParams, page: number): string | undefined {
  const after = params.get("after");
  return page > 1 && after && /^\d{1,17}_\d{1,10}$/.test(after) ? after : undefined;
}

/** members.search's input for the form's values; a min age above the max age is swapped. */
function toInput(f: FilterValues, page: number, after: string | undefined): SearchMembersInput {
  let minAge = f.minAge ? Number(f.minAge) : undefined;
  let maxAge = f.maxAge ? Number(f.maxAge) : undefined;
  if (minAge !== undefined && maxAge !== undefined && minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  return {
    gender: f.gender === "any" ? undefined : f.gender,
    country: f.country || undefined,
    region: f.region || undefined,
    minAge,
    maxAge,
    page,
    pageSize: PAGE_SIZE,
    after,
  };
}

/**
 * The members.search input /members asks for at the URL with query `params`, for `seeker` (the
 * member, null for a visitor). The page itself and the server, which brings this answer in the
 * page (server/http/first-screen.ts, issue 11), both use it, so the query key is the same.
 */
export function searchInputOf(params: URLSearchParams, seeker: Seeker): SearchMembersInput {
  const page = pageFrom(params);
  return toInput(filtersFrom(params, seeker), page, cursorFrom(params, page));
}
