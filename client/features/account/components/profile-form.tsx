import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { MessageDescriptor } from "@lingui/core";
import { Alert, Card, Col, Form, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoadingState, ErrorState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import {
  BODY_TYPE_LABELS,
  COUNTRY_CODES,
  EYE_COLOR_LABELS,
  GENDER_LABELS,
  HAIR_COLOR_LABELS,
  INTEREST_LABELS,
  REGION_KIND_LABELS,
  RELATIONSHIP_STATUS_LABELS,
  SEXUALITY_LABELS,
  useEnumLabels,
} from "../../../lib/profile-labels";
import { useMyProfile } from "../api/use-my-profile";
import { useUpdateProfile } from "../api/use-update-profile";
import { useProfileRegions } from "../api/use-profile-regions";
import { useInterests } from "../api/use-interests";
import { PendingButton } from "../../../components/ui/pending-button";
import { nameHasAddress } from "../../../lib/member-name";
import { FieldControl, FieldFeedback } from "../../../components/ui/field";
import { DateOfBirthFormField } from "../../../components/ui/date-of-birth-field";
import { ageOn } from "../../../lib/dates";

const MIN_AGE = 18; // §5

interface ProfileFormValues {
  name: string;
  signup_message: string;
  date_of_birth: string;
  gender: string;
  search_gender: string;
  country: string;
  region: string;
  city: string;
  sexuality: string;
  tattoos: string;
  hair_color: string;
  eye_color: string;
  body_type: string;
  relationship_status: string;
  interests: string[];
}

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());

/**
 * /profile editing (§3 Profile): name, about me, birth date (§5 18+), gender, whom the member
 * looks for, country, region (named as the country names them, §3), city, every §3 profile
 * field with its enumeration, and interests from the catalogue. The server checks the same
 * rules as at signup (one schema) and shows its reasons.
 */
export function ProfileForm() {
  const { t } = useLingui();
  const profile = useMyProfile();
  const save = useUpdateProfile();
  const errorText = useErrorText();
  const { label, country: countryName } = useEnumLabels();
  const interests = useInterests();
  const { register, control, handleSubmit, formState, reset, watch, setValue } = useForm<ProfileFormValues>();
  const country = watch("country");
  const regions = useProfileRegions(country || undefined);

  useEffect(() => {
    const p = profile.data;
    if (!p) return;
    reset({
      name: p.name,
      signup_message: p.signup_message,
      date_of_birth: p.date_of_birth,
      gender: p.gender ?? "",
      search_gender: p.search_gender ?? "",
      country: p.country ?? "",
      region: p.region ?? "",
      city: p.city ?? "",
      sexuality: p.sexuality ?? "",
      tattoos: p.tattoos === null ? "" : p.tattoos ? "yes" : "no",
      hair_color: p.hair_color ?? "",
      eye_color: p.eye_color ?? "",
      body_type: p.body_type ?? "",
      relationship_status: p.relationship_status ?? "",
      interests: p.interests,
    });
  }, [profile.data, reset]);

  if (profile.isLoading) return <LoadingState />;
  if (!profile.data) return <ErrorState message={errorText(profile.error)} onRetry={() => void profile.refetch()} />;

  const onSubmit = handleSubmit((v) =>
    save.mutate({
      name: v.name,
      signup_message: v.signup_message,
      date_of_birth: v.date_of_birth,
      gender: v.gender as "male" | "female",
      search_gender: orNull(v.search_gender) as "male" | "female" | null,
      country: v.country,
      region: orNull(v.region),
      city: orNull(v.city),
      sexuality: orNull(v.sexuality) as never,
      tattoos: v.tattoos === "" ? null : v.tattoos === "yes",
      hair_color: orNull(v.hair_color) as never,
      eye_color: orNull(v.eye_color) as never,
      body_type: orNull(v.body_type) as never,
      relationship_status: orNull(v.relationship_status) as never,
      interests: (v.interests || []) as never,
    }),
  );

  const notSet = t`Not set`;
  const select = (name: keyof ProfileFormValues, text: string, labels: Record<string, MessageDescriptor>) => (
    <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId={`profile-${name}`}>
      <Form.Label>{text}</Form.Label>
      <Form.Select {...register(name)}>
        <option value="">{notSet}</option>
        {Object.keys(labels).map((key) => (
          <option key={key} value={key}>
            {label(labels, key)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
  const regionWord = label(REGION_KIND_LABELS, regions.data?.regionKind ?? "region");

  return (
    <Card className="shadow-sm border-0 mt-4">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">
          <Trans>Edit profile</Trans>
        </h2>
        <Form noValidate onSubmit={onSubmit} aria-label={t`Edit profile`}>
          <Row>
            {/* Name and date of birth pair from md: below it, the date's three parts need the row. */}
            <Form.Group as={Col} xs={12} md={6} className="mb-3" controlId="profile-name">
              <Form.Label>
                <Trans>Name</Trans>
              </Form.Label>
              <FieldControl
                autoComplete="nickname"
                isInvalid={!!formState.errors.name}
                {...register("name", {
                  required: t`Name is too short`,
                  minLength: { value: 2, message: t`Name is too short` },
                  maxLength: { value: 40, message: t`Name is too long` },
                  validate: (v) =>
                    v.trim().startsWith("@")
                      ? t`Your name may not start with @`
                      : !nameHasAddress(v) || t`Your name may not contain a web or e-mail address`,
                })}
              />
              <FieldFeedback>{formState.errors.name?.message}</FieldFeedback>
            </Form.Group>
            <Col xs={12} md={6} className="mb-3">
              <DateOfBirthFormField
                control={control}
                name="date_of_birth"
                id="profile-date-of-birth"
                rules={{
                  validate: (v) =>
                    (/^\d{4}-\d{2}-\d{2}$/.test(v) && ageOn(v) >= MIN_AGE) || t`Enter your date of birth (${MIN_AGE}+)`,
                }}
              />
            </Col>
            <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId="profile-gender">
              <Form.Label>
                <Trans>I am</Trans>
              </Form.Label>
              <Form.Select {...register("gender", { required: true })}>
                {Object.keys(GENDER_LABELS).map((key) => (
                  <option key={key} value={key}>
                    {label(GENDER_LABELS, key)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId="profile-search-gender">
              <Form.Label>
                <Trans>I am looking for</Trans>
              </Form.Label>
              <Form.Select {...register("search_gender")}>
                <option value="">{notSet}</option>
                {Object.keys(GENDER_LABELS).map((key) => (
                  <option key={key} value={key}>
                    {label(GENDER_LABELS, key)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId="profile-country">
              <Form.Label>
                <Trans>Country</Trans>
              </Form.Label>
              <Form.Select
                {...register("country", {
                  required: true,
                  onChange: () => setValue("region", ""),
                })}
              >
                {COUNTRY_CODES.map((c) => (
                  <option key={c} value={c}>
                    {countryName(c)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId="profile-region">
              <Form.Label>{regionWord}</Form.Label>
              <Form.Select {...register("region")}>
                <option value="">{notSet}</option>
                {regions.data?.regions.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId="profile-city">
              <Form.Label>
                <Trans>City</Trans>
              </Form.Label>
              <FieldControl
                autoComplete="address-level2"
                {...register("city", { maxLength: { value: 100, message: t`City is too long` } })}
                isInvalid={!!formState.errors.city}
              />
              <FieldFeedback>{formState.errors.city?.message}</FieldFeedback>
            </Form.Group>
            {select("sexuality", t`Sexuality`, SEXUALITY_LABELS)}
            {select("relationship_status", t`Relationship status`, RELATIONSHIP_STATUS_LABELS)}
            {select("hair_color", t`Hair color`, HAIR_COLOR_LABELS)}
            {select("eye_color", t`Eye color`, EYE_COLOR_LABELS)}
            {select("body_type", t`Body type`, BODY_TYPE_LABELS)}
            <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId="profile-tattoos">
              <Form.Label>
                <Trans>Tattoos</Trans>
              </Form.Label>
              <Form.Select {...register("tattoos")}>
                <option value="">{notSet}</option>
                <option value="yes">{t`Yes`}</option>
                <option value="no">{t`No`}</option>
              </Form.Select>
            </Form.Group>
          </Row>
          <Form.Group className="mb-3" controlId="profile-about">
            <Form.Label>
              <Trans>About me</Trans>
            </Form.Label>
            <FieldControl
              as="textarea"
              rows={4}
              isInvalid={!!formState.errors.signup_message}
              {...register("signup_message", { maxLength: { value: 1000, message: t`Message is too long` } })}
            />
            <FieldFeedback>{formState.errors.signup_message?.message}</FieldFeedback>
          </Form.Group>
          <fieldset className="mb-4">
            <legend className="form-label fs-6">
              <Trans>Interests</Trans>
            </legend>
            <div className="d-flex flex-wrap gap-3">
              {interests.data?.interests.map((key) => (
                <Form.Check
                  key={key}
                  id={`profile-interest-${key}`}
                  type="checkbox"
                  value={key}
                  label={label(INTEREST_LABELS, key)}
                  {...register("interests")}
                />
              ))}
            </div>
          </fieldset>
          {/* The outcome beside the button that asked for it: on a phone the form's top is far above. */}
          {save.error && (
            <Alert variant="danger" role="alert">
              {errorText(save.error)}
            </Alert>
          )}
          {save.isSuccess && !formState.isDirty && (
            <Alert variant="success" role="status">
              <Trans>Your profile is saved.</Trans>
            </Alert>
          )}
          <PendingButton type="submit" pending={save.isPending}>
            <Trans>Save profile</Trans>
          </PendingButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
