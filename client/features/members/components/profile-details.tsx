import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import {
  BODY_TYPE_LABELS,
  EYE_COLOR_LABELS,
  GENDER_LABELS,
  HAIR_COLOR_LABELS,
  RELATIONSHIP_STATUS_LABELS,
  SEXUALITY_LABELS,
  useEnumLabels,
} from "../enum-labels";
import type { RouterOutputs } from "../../../lib/router-types";

/** The §3 profile fields of members.get. */
export type ProfileFields = RouterOutputs["members"]["get"];

/** §3 profile fields as a definition list; fields the member left empty are left out. */
export function ProfileDetails({ profile }: { profile: ProfileFields }) {
  const { t } = useLingui();
  const { label, country } = useEnumLabels();
  const rows: [string, ReactNode][] = [
    [t`Age`, String(profile.age)],
    [t`Gender`, label(GENDER_LABELS, profile.gender)],
    [t`Sexuality`, label(SEXUALITY_LABELS, profile.sexuality)],
    [t`Relationship status`, label(RELATIONSHIP_STATUS_LABELS, profile.relationshipStatus)],
    [t`Body type`, label(BODY_TYPE_LABELS, profile.bodyType)],
    [t`Hair color`, label(HAIR_COLOR_LABELS, profile.hairColor)],
    [t`Eye color`, label(EYE_COLOR_LABELS, profile.eyeColor)],
    [t`Tattoos`, profile.tattoos === null ? "" : profile.tattoos ? t`Yes` : t`No`],
    [t`Country`, country(profile.country)],
    [t`Region`, profile.region ?? ""],
    [t`City`, profile.city ?? ""],
  ];
  return (
    <dl className="row member-details mb-0">
      {rows
        .filter(([, v]) => v !== "")
        .map(([k, v]) => (
          <div key={k} className="col-12 col-sm-6 d-flex justify-content-between border-bottom py-2">
            <dt className="fw-normal text-body-secondary me-3">{k}</dt>
            <dd className="mb-0 fw-semibold text-end">{v}</dd>
          </div>
        ))}
    </dl>
  );
}
