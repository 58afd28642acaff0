import { useRef, useState, type FormEvent } from "react";
import { Button, Card, Col, Form, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRegions } from "../api/use-regions";
import { REGION_KIND_LABELS, useEnumLabels } from "../../../lib/profile-labels";
import { CountryOptions } from "../../../components/ui/country-options";
import { MAX_AGE, MIN_AGE, type FilterValues } from "../search-input";

/** An age field's value is usable: empty ("any") or a whole number from MIN_AGE to MAX_AGE. */
function ageInRange(value: string): boolean {
  if (value === "") return true;
  const n = Number(value);
  return Number.isInteger(n) && n >= MIN_AGE && n <= MAX_AGE;
}

/**
 * The search form (§3 search state: gender, country, region, min and max age). Nothing is
 * searched until "Search" is pressed; the page then puts the values in the URL. An age outside
 * 18–99 (server members.schema SEARCH_MIN_AGE / SEARCH_MAX_AGE) or a max age below the min age
 * is not searched: the message shows under the pair of age fields (both fields' width, so it
 * neither squeezes into one narrow column nor moves the fields of the row), is announced, and
 * focus goes to the first field to correct. `showErrors` shows the message from the start: the page
 * passes it when the URL itself held an age the search could not use (a hand-edited link).
 */
export function SearchFilters({
  initial,
  onSearch,
  showErrors = false,
}: {
  initial: FilterValues;
  onSearch: (v: FilterValues) => void;
  showErrors?: boolean;
}) {
  const { t } = useLingui();
  const { label } = useEnumLabels();
  const [values, setValues] = useState<FilterValues>(initial);
  const [submitted, setSubmitted] = useState(showErrors);
  const minInput = useRef<HTMLInputElement>(null);
  const maxInput = useRef<HTMLInputElement>(null);
  const regions = useRegions(values.country || undefined);
  const set = <K extends keyof FilterValues>(k: K, v: FilterValues[K]) => setValues((old) => ({ ...old, [k]: v }));

  const minInvalid = !ageInRange(values.minAge);
  const maxOutOfRange = !ageInRange(values.maxAge);
  const maxBelowMin =
    !minInvalid &&
    !maxOutOfRange &&
    values.minAge !== "" &&
    values.maxAge !== "" &&
    Number(values.minAge) > Number(values.maxAge);
  const maxInvalid = maxOutOfRange || maxBelowMin;
  const ageMessage =
    minInvalid || maxOutOfRange
      ? t`Enter an age from ${MIN_AGE} to ${MAX_AGE}`
      : maxBelowMin
        ? t`Max age must not be below min age`
        : null;
  const showAgeError = submitted && ageMessage !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (minInvalid || maxInvalid) {
      (minInvalid ? minInput : maxInput).current?.focus();
      return;
    }
    onSearch(values);
  };

  const ageErrorId = "search-age-error";
  const ageField = (which: "min" | "max") => {
    const invalid = submitted && (which === "min" ? minInvalid : maxInvalid);
    return (
      <Form.Control
        ref={which === "min" ? minInput : maxInput}
        type="number"
        inputMode="numeric"
        min={MIN_AGE}
        max={MAX_AGE}
        placeholder={String(which === "min" ? MIN_AGE : MAX_AGE)}
        value={which === "min" ? values.minAge : values.maxAge}
        isInvalid={invalid}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? ageErrorId : undefined}
        onChange={(e) => set(which === "min" ? "minAge" : "maxAge", e.target.value)}
      />
    );
  };

  return (
    <Card className="border-0 shadow-sm mb-4 member-filters">
      <Card.Body>
        <Form noValidate onSubmit={submit} aria-label={t`Search filters`}>
          <Row className="g-2 g-md-3 align-items-end">
            <Col xs={6} md={4} lg={2}>
              <Form.Group controlId="search-gender">
                <Form.Label className="small fw-semibold mb-1">
                  <Trans>Gender</Trans>
                </Form.Label>
                <Form.Select
                  value={values.gender}
                  onChange={(e) => set("gender", e.target.value as FilterValues["gender"])}
                >
                  <option value="female">{t`Women`}</option>
                  <option value="male">{t`Men`}</option>
                  <option value="any">{t`Everyone`}</option>
                </Form.Select>
              </Form.Group>
            </Col>
            {/* On a phone: Gender beside the age pair, then Country and Region each on a full row
                (a country or region name does not fit half a phone's row), then Search. */}
            <Col xs={12} md={4} lg={2} className="order-1 order-md-0">
              <Form.Group controlId="search-country">
                <Form.Label className="small fw-semibold mb-1">
                  <Trans>Country</Trans>
                </Form.Label>
                <Form.Select
                  value={values.country}
                  onChange={(e) => setValues((old) => ({ ...old, country: e.target.value, region: "" }))}
                >
                  {/* One word under the field's label, as for the region: "Any country" did not fit a
                      360 px phone's half row in Spanish, French and Polish. */}
                  <option value="">{t({ message: "Any", context: "search filter: any country" })}</option>
                  <CountryOptions />
                </Form.Select>
              </Form.Group>
            </Col>
            <Col xs={12} md={4} lg={2} className="order-1 order-md-0">
              <Form.Group controlId="search-region">
                <Form.Label className="small fw-semibold mb-1">
                  {/* §3: regions are named per country (province, state, canton, voivodeship, region). */}
                  {label(REGION_KIND_LABELS, regions.data?.regionKind ?? "region")}
                </Form.Label>
                <Form.Select
                  value={values.region}
                  disabled={!values.country}
                  onChange={(e) => set("region", e.target.value)}
                >
                  {/* One word under the field's own label (which names the country's regions), so
                      it fits the phone's row in every language. */}
                  <option value="">{t({ message: "Any", context: "search filter: any region" })}</option>
                  {regions.data?.regions.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                  {values.region && !regions.data?.regions.includes(values.region) && (
                    <option value={values.region}>{values.region}</option>
                  )}
                </Form.Select>
              </Form.Group>
            </Col>
            {/* The two age fields share one column; their message goes below the row (next Col). */}
            <Col xs={6} md={4} lg={4}>
              <div className="d-flex gap-2 gap-md-3 align-items-end search-age-pair">
                <Form.Group controlId="search-min-age">
                  <Form.Label className="small fw-semibold mb-1 age-label">
                    <Trans>Min age</Trans>
                  </Form.Label>
                  {ageField("min")}
                </Form.Group>
                <Form.Group controlId="search-max-age">
                  <Form.Label className="small fw-semibold mb-1 age-label">
                    <Trans>Max age</Trans>
                  </Form.Label>
                  {ageField("max")}
                </Form.Group>
              </div>
            </Col>
            {/*
              Under the age pair, as wide as the pair or wider: on a phone below the Gender/age row
              (before Country); from md up after the Search button (the last item of the age row),
              under the age fields. The order and offset classes are written out (not Col props): the
              build keeps only the CSS named in the sources (scripts/purge-css.ts).
            */}
            {showAgeError && (
              <Col xs={12} md={8} lg={4} className="order-md-last offset-lg-6">
                <div id={ageErrorId} role="alert" className="invalid-feedback d-block mt-0">
                  {ageMessage}
                </div>
              </Col>
            )}
            <Col xs={12} md={4} lg={2} className="order-1 order-md-0">
              <Button type="submit" className="w-100">
                <Trans>Search</Trans>
              </Button>
            </Col>
          </Row>
        </Form>
      </Card.Body>
    </Card>
  );
}
