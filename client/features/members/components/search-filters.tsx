import { useState, type FormEvent } from "react";
import { Button, Card, Col, Form, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRegions } from "../api/use-regions";
import { CountryOptions } from "../../../components/ui/country-options";
import { MAX_AGE, MIN_AGE, type FilterValues } from "../search-input";

function ageError(value: string, t: ReturnType<typeof useLingui>["t"]): string | null {
  if (value === "") return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < MIN_AGE || n > MAX_AGE) return t`Enter an age from ${MIN_AGE} to ${MAX_AGE}`;
  return null;
}

/**
 * The search form (§3 search state: gender, country, region, min and max age). Nothing is
 * searched until "Search" is pressed; the page then puts the values in the URL.
 */
export function SearchFilters({ initial, onSearch }: { initial: FilterValues; onSearch: (v: FilterValues) => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState<FilterValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const regions = useRegions(values.country || undefined);
  const set = <K extends keyof FilterValues>(k: K, v: FilterValues[K]) => setValues((old) => ({ ...old, [k]: v }));

  const minError = ageError(values.minAge, t);
  const maxError =
    ageError(values.maxAge, t) ??
    (values.minAge !== "" && values.maxAge !== "" && !minError && Number(values.minAge) > Number(values.maxAge)
      ? t`Max age must not be below min age`
      : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (minError || maxError) return;
    onSearch(values);
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
            <Col xs={6} md={4} lg={2}>
              <Form.Group controlId="search-country">
                <Form.Label className="small fw-semibold mb-1">
                  <Trans>Country</Trans>
                </Form.Label>
                <Form.Select
                  value={values.country}
                  onChange={(e) => setValues((old) => ({ ...old, country: e.target.value, region: "" }))}
                >
                  <option value="">{t`Any country`}</option>
                  <CountryOptions />
                </Form.Select>
              </Form.Group>
            </Col>
            <Col xs={6} md={4} lg={2}>
              <Form.Group controlId="search-region">
                <Form.Label className="small fw-semibold mb-1">
                  <Trans>Region</Trans>
                </Form.Label>
                <Form.Select
                  value={values.region}
                  disabled={!values.country}
                  onChange={(e) => set("region", e.target.value)}
                >
                  <option value="">{t`Any region`}</option>
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
            <Col xs={3} md={2} lg={2}>
              <Form.Group controlId="search-min-age">
                <Form.Label className="small fw-semibold mb-1 age-label">
                  <Trans>Min age</Trans>
                </Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={MIN_AGE}
                  max={MAX_AGE}
                  placeholder={String(MIN_AGE)}
                  value={values.minAge}
                  isInvalid={submitted && !!minError}
                  onChange={(e) => set("minAge", e.target.value)}
                />
                <Form.Control.Feedback type="invalid">{minError}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={3} md={2} lg={2}>
              <Form.Group controlId="search-max-age">
                <Form.Label className="small fw-semibold mb-1 age-label">
                  <Trans>Max age</Trans>
                </Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={MIN_AGE}
                  max={MAX_AGE}
                  placeholder={String(MAX_AGE)}
                  value={values.maxAge}
                  isInvalid={submitted && !!maxError}
                  onChange={(e) => set("maxAge", e.target.value)}
                />
                <Form.Control.Feedback type="invalid">{maxError}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={12} md={4} lg={2}>
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
