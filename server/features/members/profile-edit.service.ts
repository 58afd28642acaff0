import type { AppDeps } from "../../deps.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import * as repo from "./profile-edit.repository.js";
import { nameProblem, type UpdateProfileInput } from "./profile-fields.schema.js";
import { regionsOf, type RegionKind } from "./members.places.js";

/** The member's own profile as /profile edits it (§3 Profile fields, §3 enumeration keys). */
export interface OwnProfile {
  name: string;
  /** YYYY-MM-DD. */
  date_of_birth: string;
  gender: "male" | "female" | null;
  search_gender: "male" | "female" | null;
  sexuality: string | null;
  tattoos: boolean | null;
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  country: string | null;
  region: string | null;
  /** §3: the country's word for its regions (province, state, canton, voivodeship, region). */
  regionKind: RegionKind;
  city: string | null;
  interests: string[];
  /** "About me": the signup message (§3 signup_message, profiles.note). */
  signup_message: string;
}

export class ProfileNameError extends DomainError {
  constructor(message: string) {
    super("VALIDATION", message);
  }
}

function dateOnly(d: unknown): string {
  return d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10);
}

/**
 * The member's own editable profile.
 * @throws NotFoundError when the member has no profile.
 */
export async function getOwnProfile(deps: Pick<AppDeps, "db">, userId: number): Promise<OwnProfile> {
  const p = await repo.findOwnProfile(deps.db, userId);
  if (!p) throw new NotFoundError();
  return {
    name: p.name,
    date_of_birth: dateOnly(p.birth_date),
    gender: p.gender,
    search_gender: p.search_gender,
    sexuality: p.sexuality,
    tattoos: p.tattoos,
    hair_color: p.hair_color,
    eye_color: p.eye_color,
    body_type: p.body_type,
    relationship_status: p.relationship_status,
    country: p.country,
    region: p.region,
    regionKind: regionsOf(p.country ?? "").regionKind,
    city: p.city,
    interests: p.interests,
    signup_message: p.note,
  };
}

/**
 * Save the /profile form: every field at once, validated by UpdateProfileInput (the §5 rules
 * signup uses) plus the §5 name rule against the account's address. One statement: nothing is
 * half-written. The public profile (members.get) and /api/user.php show the change at once.
 * @returns the saved profile.
 * @throws ProfileNameError (VALIDATION) for a name equal to the e-mail address, starting with @,
 *   or holding a web or e-mail address (nameProblem).
 */
export async function updateOwnProfile(
  deps: Pick<AppDeps, "db">,
  userId: number,
  input: UpdateProfileInput,
): Promise<OwnProfile> {
  const current = await repo.findOwnProfile(deps.db, userId);
  if (!current) throw new NotFoundError();
  const problem = nameProblem(input.name, current.email);
  if (problem) throw new ProfileNameError(problem);
  await repo.updateProfile(deps.db, userId, {
    name: input.name,
    birth_date: input.date_of_birth,
    gender: input.gender,
    search_gender: input.search_gender,
    sexuality: input.sexuality,
    tattoos: input.tattoos,
    hair_color: input.hair_color,
    eye_color: input.eye_color,
    body_type: input.body_type,
    relationship_status: input.relationship_status,
    country: input.country,
    region: input.region,
    city: input.city,
    interests: input.interests,
    note: input.signup_message,
  });
  return getOwnProfile(deps, userId);
}
