import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Button, Card, Col, Form, Row } from "react-bootstrap";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useMe } from "../../../lib/api/use-me";
import { useErrorText } from "../../../lib/errors";
import { COUNTRY_CODES } from "../enum-labels";
import { useSearchMembers, type SearchMembersInput } from "../api/use-search-members";
import { ProfileCardGrid } from "../components/profile-card-grid";
import "../members.css";
import "../match-finder.css";
import { CountryOptions } from "../../../components/ui/country-options";
import { genderFrom, type Seeker } from "../search-input";

type Gender = "female" | "male" | "any";

/** Age ranges to pick from (within the search's 18–99). */
const AGE_RANGES: { value: string; min?: number; max?: number; label: MessageDescriptor }[] = [
  { value: "18-25", min: 18, max: 25, label: msg`18–25` },
  { value: "26-35", min: 26, max: 35, label: msg`26–35` },
  { value: "36-45", min: 36, max: 45, label: msg`36–45` },
  { value: "46-60", min: 46, max: 60, label: msg`46–60` },
  { value: "61-99", min: 61, max: 99, label: msg`61+` },
  { value: "any", label: msg`Any age` },
];

const GENDERS: { value: Gender; label: MessageDescriptor }[] = [
  { value: "female", label: msg`Women` },
  { value: "male", label: msg`Men` },
  { value: "any", label: msg`Everyone` },
];

/** How many matches the finder shows; the member search has the rest. */
const RESULTS_SHOWN = 12;

interface Preferences {
  gender: Gender;
  age: string;
  country: string;
}

function preferencesFrom(params: URLSearchParams, seeker: Seeker): Preferences {
  const gender: Gender = genderFrom(params, seeker);
  const age = AGE_RANGES.some((r) => r.value === params.get("age")) ? params.get("age")! : "any";
  const c = params.get("country")?.toUpperCase() ?? "";
  return { gender, age, country: (COUNTRY_CODES as readonly string[]).includes(c) ? c : "" };
}

function toSearch(p: Preferences): SearchMembersInput {
  const range = AGE_RANGES.find((r) => r.value === p.age);
  return {
    gender: p.gender === "any" ? undefined : p.gender,
    country: p.country || undefined,
    minAge: range?.min,
    maxAge: range?.max,
    page: 1,
    pageSize: RESULTS_SHOWN,
  };
}

/** The same preferences as a /members search, to see every match. */
function searchLink(p: Preferences): string {
  const range = AGE_RANGES.find((r) => r.value === p.age);
  const q = new URLSearchParams({ gender: p.gender });
  if (p.country) q.set("country", p.country);
  if (range?.min) q.set("minAge", String(range.min));
  if (range?.max) q.set("maxAge", String(range.max));
  return `${paths.members}?${q}`;
}

/** A group of radio buttons drawn as chips, with its legend. */
function ChipGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: ReactNode;
  options: { value: T; label: MessageDescriptor }[];
  value: T;
  onChange: (v: T) => void;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="finder-group">
      <legend className="finder-legend">{legend}</legend>
      <div className="finder-chips">
        {options.map((o) => (
          <div key={o.value} className="finder-chip">
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`${name}-${o.value}`}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <label className="btn btn-outline-primary" htmlFor={`${name}-${o.value}`}>
              {i18n._(o.label)}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * §2 /match-finder: the member picks who they are looking for (gender, an age range, a country)
 * and sees the visible members that fit, from the member search (members.search: the same
 * query and the same visibility rules, §4). The choices live in the URL, so Back and a shared
 * link show the same matches.
 */
export function MatchFinderPage() {
  const { t } = useLingui();
  const { me } = useMe();
  const [params, setParams] = useSearchParams();
  const chosen = preferencesFrom(params, me);
  const submitted = params.has("gender");
  const [draft, setDraft] = useState<Preferences>(chosen);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams({ gender: draft.gender, age: draft.age });
    if (draft.country) next.set("country", draft.country);
    setParams(next);
  };

  return (
    <section aria-labelledby="finder-title" className="match-finder">
      <h1 id="finder-title" className="h3 mb-1">
        <Trans>Match finder</Trans>
      </h1>
      <p className="text-body-secondary">
        <Trans>Tell us who you are looking for and we show you the members who fit.</Trans>
      </p>
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body className="p-3 p-md-4">
          <Form onSubmit={submit} aria-label={t`Your preferences`}>
            <ChipGroup
              name="finder-gender"
              legend={<Trans>I am looking for</Trans>}
              options={GENDERS}
              value={draft.gender}
              onChange={(gender) => setDraft((d) => ({ ...d, gender }))}
            />
            <ChipGroup
              name="finder-age"
              legend={<Trans>Aged</Trans>}
              options={AGE_RANGES}
              value={draft.age}
              onChange={(age) => setDraft((d) => ({ ...d, age }))}
            />
            <Row className="g-3 align-items-end">
              <Col xs={12} sm={7} md={5}>
                <Form.Group controlId="finder-country">
                  <Form.Label className="finder-legend">
                    <Trans>Living in</Trans>
                  </Form.Label>
                  <Form.Select
                    value={draft.country}
                    onChange={(e) => setDraft((d) => ({ ...d, country: e.target.value }))}
                  >
                    <option value="">{t`Any country`}</option>
                    <CountryOptions />
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col xs={12} sm={5} md={4}>
                <Button type="submit" size="lg" className="w-100">
                  <Trans>Find matches</Trans>
                </Button>
              </Col>
            </Row>
          </Form>
        </Card.Body>
      </Card>
      {submitted && <FinderResults preferences={chosen} />}
    </section>
  );
}

function FinderResults({ preferences }: { preferences: Preferences }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const search = useSearchMembers(toSearch(preferences));
  const data = search.data;
  return (
    <section aria-labelledby="finder-results-title" aria-busy={search.isFetching}>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 id="finder-results-title" className="h4 mb-0">
          <Trans>Your matches</Trans>
        </h2>
        {data && data.items.length > 0 && (
          <p className="text-body-secondary small mb-0" aria-live="polite">
            {data.totalCapped ? (
              <Trans>More than {data.total} members fit</Trans>
            ) : (
              <Plural value={data.total} one="# member fits" other="# members fit" />
            )}
          </p>
        )}
      </div>
      {search.isLoading ? (
        <LoadingState />
      ) : search.error ? (
        <ErrorState message={errorText(search.error)} onRetry={() => void search.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title={<Trans>Nobody fits these preferences yet</Trans>}>
          <p>
            <Trans>Try a wider age range or any country.</Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <ProfileCardGrid profiles={data.items} label={t`Matches`} stale={search.isPlaceholderData} />
          <div className="d-flex flex-wrap gap-2 mt-4">
            {data.hasMore && (
              <Link to={searchLink(preferences)} className="btn btn-outline-primary">
                <Trans>See all in the member search</Trans>
              </Link>
            )}
            <Link to={paths.swipeGame} className="btn btn-outline-primary">
              <Trans>Play the swipe game</Trans>
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
