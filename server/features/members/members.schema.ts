import { z } from "zod";
import { COUNTRIES, GENDERS } from "../../constants.js";
import { Id, safeText, wholeNumber } from "../../validation.js";

/** Search ages (§3 search state min_age, max_age): members are adults. */
export const SEARCH_MIN_AGE = 18;
export const SEARCH_MAX_AGE = 99;
/** Search page size (§9 'not shown'): 20 by default, at most 50. */
export const SEARCH_PAGE_SIZE_DEFAULT = 20;
export const SEARCH_PAGE_SIZE_MAX = 50;
/** Deepest page offered: deep OFFSET pages cost more than anyone browses. */
export const SEARCH_MAX_PAGE = 500;

/**
 * A keyset page cursor (members.search `after`, the `nextCursor` of the previous page):
 * "<last_active in microseconds since the epoch>_<profile id>" of the previous page's last row.
 */
const SearchCursor = z
  .string()
  .max(40)
  .regex(/^\d{1,17}_\d{1,10}$/, { message: "Invalid page cursor" })
  .transform((v, ctx) => {
    const [micros, id] = v.split("_") as [string, string];
    const n = Number(id);
    if (n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: "Invalid page cursor" });
      return z.NEVER;
    }
    return { lastActiveMicros: micros, id: n };
  });

const Country = z.string().refine((c) => COUNTRIES.includes(c), { message: "Unknown country" });
const Age = wholeNumber(SEARCH_MIN_AGE, SEARCH_MAX_AGE, {
  min: `Age must be at least ${SEARCH_MIN_AGE}`,
  max: `Age must be at most ${SEARCH_MAX_AGE}`,
});

/**
 * §3 search state: gender, country, countryregion, min_age, max_age, page. An absent filter
 * does not filter. `after` (optional): the previous page's `nextCursor`; when given, the page is
 * read after it (keyset pagination) and `page` only numbers it for display. Without it, `page`
 * is read by its number (bookmarked or typed pages, §2).
 */
export const SearchMembersInput = z
  .object({
    gender: z.enum(GENDERS).optional(),
    country: Country.optional(),
    region: safeText({ min: 1, max: 100, label: "Region" }).optional(),
    minAge: Age.optional(),
    maxAge: Age.optional(),
    page: wholeNumber(1, SEARCH_MAX_PAGE).default(1),
    pageSize: wholeNumber(1, SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
    after: SearchCursor.optional(),
  })
  .refine((v) => v.minAge === undefined || v.maxAge === undefined || v.minAge <= v.maxAge, {
    message: "Min age must not be above max age",
    path: ["maxAge"],
  })
  .refine((v) => v.region === undefined || v.country !== undefined, {
    message: "Choose a country to search by region",
    path: ["region"],
  });
export type SearchMembersInput = z.infer<typeof SearchMembersInput>;

export const GetMemberInput = z.object({ id: Id });
export const UnlockPhotoInput = z.object({ photoId: Id });

export const RegionsInput = z.object({ country: Country });

/** members.setMainPhoto / members.deletePhoto: one of the member's own photos. */
export const OwnPhotoInput = z.object({ photoId: Id });
/** members.setPhotoPrivate. */
export const SetPhotoPrivateInput = z.object({ photoId: Id, isPrivate: z.boolean() });

/** members.updateProfile (/profile): the §3/§5 profile fields, the schema signup shares. */
export { UpdateProfileInput } from "./profile-fields.schema.js";
