import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import type { MessageDescriptor } from "@lingui/core";
import { Alert, Button, Card, Col, Form, Row, Spinner } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useMe } from "../../../lib/api/use-me";
import { dismissPushPrompt } from "../../../components/layouts/alert-banners";
import { useResendActivation } from "../../../lib/api/use-resend-activation";
import { locate, useGeolocationPermission } from "../../../lib/geolocation";
import { pushSupported, usePushState } from "../../../lib/push";
import { useSiteSettings } from "../../../lib/api/use-site-settings";
import { useTurnOnPush } from "../../../lib/api/use-turn-on-push";
import {
  BODY_TYPE_LABELS,
  COUNTRY_CODES,
  EYE_COLOR_LABELS,
  GENDER_LABELS,
  HAIR_COLOR_LABELS,
  RELATIONSHIP_STATUS_LABELS,
  REGION_KIND_LABELS,
  SEXUALITY_LABELS,
  useEnumLabels,
} from "../../../lib/profile-labels";
import { useMyProfile } from "../api/use-my-profile";
import { useUpdateProfile } from "../api/use-update-profile";
import { useProfileRegions } from "../api/use-profile-regions";
import { useMyPhotos } from "../api/use-my-photos";
import { useUploadPhoto } from "../api/use-upload-photo";
import type { RouterOutputs } from "../../../lib/router-types";
import "../signup-steps.css";
import { CountryOptions } from "../../../components/ui/country-options";
import { useViewFocus } from "../../../components/layouts/page-shell";
import { PendingButton } from "../../../components/ui/pending-button";
import { FilePicker } from "../../../components/ui/file-picker";
import { FieldControl, FieldFeedback } from "../../../components/ui/field";

type OwnProfile = RouterOutputs["members"]["myProfile"];

/**
 * §4 signup steps after step 0 (the account, /signup): photo, location, personal info, about me,
 * the push prompt (only where push is possible: a browser with service workers and the Push API,
 * and a site with a VAPID key), then confirm e-mail. Photo, location, personal info, about me and
 * push may each be skipped (the profile works without them and /profile, the push prompt banner
 * and /notifications offer them later); confirming the e-mail address cannot be skipped, only
 * postponed: the last step ends on /signup-matches.
 */
const ALL_STEPS = ["photo", "location", "personal", "about", "push", "confirm"] as const;
type Step = (typeof ALL_STEPS)[number];

/** Every field of the profile as members.updateProfile takes them, from the saved profile. */
function profileInput(p: OwnProfile) {
  return {
    name: p.name,
    signup_message: p.signup_message,
    date_of_birth: p.date_of_birth,
    gender: (p.gender ?? "female") as "male" | "female",
    search_gender: p.search_gender,
    country: p.country ?? "",
    region: p.region,
    city: p.city,
    sexuality: p.sexuality,
    tattoos: p.tattoos,
    hair_color: p.hair_color,
    eye_color: p.eye_color,
    body_type: p.body_type,
    relationship_status: p.relationship_status,
    interests: p.interests,
  } as Parameters<ReturnType<typeof useUpdateProfile>["mutate"]>[0];
}

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());

/**
 * §2 /complete-signup: the §4 signup steps for a logged-in member whose address is not confirmed
 * yet or whose profile is incomplete (no photo or no place); anyone else goes to the search.
 * The step is in the URL (`?step=location`), so Back goes to the previous step.
 */
export function CompleteSignupPage() {
  const { me, isLoading } = useMe();
  const profile = useMyProfile();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const settings = useSiteSettings();
  const publicKey = settings.data?.push_public_key ?? null;
  const steps = ALL_STEPS.filter((s) => s !== "push" || (publicKey !== null && pushSupported()));
  const requested = params.get("step");
  const step: Step = (steps as readonly string[]).includes(requested ?? "") ? (requested as Step) : "photo";
  const index = steps.indexOf(step);
  // Each step opens at its top with focus on its title, as a new page does.
  useViewFocus(step);

  if (isLoading || profile.isLoading || settings.isLoading) return <LoadingState />;
  if (!me) return <Navigate to={paths.login} replace />;
  if (!profile.data) return <ErrorState message={errorText(profile.error)} onRetry={() => void profile.refetch()} />;
  const incomplete = !me.mainImage || !profile.data.city;
  if (me.status !== "not_confirmed" && !incomplete && !requested) return <Navigate to={paths.members} replace />;

  const next = () => {
    const following = steps[index + 1];
    if (following) setParams({ step: following });
    else navigate(paths.signupMatches);
  };

  const body: Record<Step, ReactNode> = {
    photo: <PhotoStep onDone={next} />,
    location: <LocationStep profile={profile.data} onDone={next} />,
    personal: <PersonalStep profile={profile.data} onDone={next} />,
    about: <AboutStep profile={profile.data} onDone={next} />,
    push: <PushStep publicKey={publicKey ?? ""} onDone={next} />,
    confirm: <ConfirmStep email={me.email} confirmed={me.status !== "not_confirmed"} onDone={next} />,
  };
  return (
    <Card className="signup-steps mx-auto shadow-sm border-0">
      <Card.Body className="p-4">
        {/* The account (step 0, /signup) counts as step 1 of the progress shown. */}
        <StepProgress number={index + 2} total={steps.length + 1} />
        {body[step]}
      </Card.Body>
    </Card>
  );
}

/** "Step 2 of 6" in words and as a progress bar with the same accessible value. */
function StepProgress({ number, total }: { number: number; total: number }) {
  const { t } = useLingui();
  const text = t`Step ${number} of ${total}`;
  return (
    <div className="mb-3">
      <p className="small text-body-secondary mb-1" aria-hidden="true">
        {text}
      </p>
      <div
        className="progress signup-steps-progress"
        role="progressbar"
        aria-label={t`Signup progress`}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={number}
        aria-valuetext={text}
      >
        <div className="progress-bar" style={{ width: `${(number / total) * 100}%` }} />
      </div>
    </div>
  );
}

/** The step's heading and introduction. */
function StepHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <>
      <h1 className="h3 mb-2">{title}</h1>
      {children && <p className="text-body-secondary">{children}</p>}
    </>
  );
}

/** Continue and Skip, the same on every skippable step. */
function StepButtons({ busy, onSkip }: { busy: boolean; onSkip: () => void }) {
  return (
    <div className="d-flex flex-column flex-sm-row-reverse gap-2 mt-4">
      <PendingButton type="submit" pending={busy} className="flex-sm-fill">
        {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        <Trans>Save and continue</Trans>
      </PendingButton>
      <PendingButton variant="outline-secondary" onClick={onSkip} pending={busy} className="flex-sm-fill">
        <Trans>Skip this step</Trans>
      </PendingButton>
    </div>
  );
}

/** Photo step: the /profile photo upload (POST /media/upload); the first photo becomes the main image. */
function PhotoStep({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const photos = useMyPhotos();
  const upload = useUploadPhoto();
  const describe = useErrorText();
  const fileInput = useRef<HTMLInputElement>(null);
  const main = photos.data?.photos.find((p) => p.isMain) ?? photos.data?.photos[0];
  // "Save and continue" with no file chosen: said under the field, not only a focus ring.
  const [noFile, setNoFile] = useState(false);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      if (main) onDone();
      else {
        setNoFile(true);
        fileInput.current?.focus();
      }
      return;
    }
    upload.mutate(
      { file },
      {
        onSuccess: () => {
          if (fileInput.current) fileInput.current.value = "";
          onDone();
        },
      },
    );
  };

  return (
    <Form noValidate onSubmit={onSubmit}>
      <StepHeading title={<Trans>Add a photo</Trans>}>
        <Trans>Members with a photo get far more replies. You can add more photos on your profile later.</Trans>
      </StepHeading>
      {main && (
        <div className="text-center mb-3">
          <img src={main.thumbUrl} alt={t`Your main photo`} className="rounded signup-step-photo" />
        </div>
      )}
      <div>
        <FilePicker
          id="signup-photo"
          label={main ? <Trans>Choose another photo</Trans> : <Trans>Choose a photo</Trans>}
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          inputRef={fileInput}
          onChange={() => setNoFile(false)}
          invalid={!!upload.error || noFile}
          describedBy={upload.error || noFile ? "signup-photo-error" : undefined}
          showFileName
        />
        {/* A refused upload is told under the field, where the member chose the file. */}
        {(upload.error || noFile) && (
          <div id="signup-photo-error" role="alert" className="invalid-feedback d-block">
            {upload.error ? describe(upload.error) : <Trans>Choose a photo first, or skip this step.</Trans>}
          </div>
        )}
      </div>
      <StepButtons busy={upload.isPending} onSkip={onDone} />
    </Form>
  );
}

interface LocationValues {
  country: string;
  region: string;
  city: string;
}

/**
 * Location step: "Use my location" asks the browser (a fix and its place are reused for 1 h, §9)
 * and fills in the place found by §7 /api/geocode.php; a failure is silent (§4) and the member
 * types the place instead: country, region (as the country names them, §3) and city.
 */
function LocationStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useLingui();
  const save = useUpdateProfile();
  const describe = useErrorText();
  const permission = useGeolocationPermission();
  const { label } = useEnumLabels();
  const [locating, setLocating] = useState(false);
  const [found, setFound] = useState<boolean | null>(null);
  const { register, handleSubmit, watch, setValue } = useForm<LocationValues>({
    defaultValues: { country: profile.country ?? "", region: profile.region ?? "", city: profile.city ?? "" },
  });
  const country = watch("country");
  const regions = useProfileRegions(country || undefined);
  const pendingRegion = useRef<string | null>(null);

  // A region found by the browser's position is set once the country's regions are known.
  useEffect(() => {
    const wanted = pendingRegion.current;
    if (wanted && regions.data?.regions.includes(wanted)) {
      setValue("region", wanted);
      pendingRegion.current = null;
    }
  }, [regions.data, setValue]);

  const fillFromMyLocation = async () => {
    setLocating(true);
    const place = await locate();
    setLocating(false);
    setFound(place !== false);
    if (!place) return;
    if ((COUNTRY_CODES as readonly string[]).includes(place.country)) {
      setValue("country", place.country);
      setValue("region", "");
      pendingRegion.current = place.region;
    }
    setValue("city", place.city);
  };

  const onSubmit = handleSubmit((v) =>
    save.mutate(
      { ...profileInput(profile), country: v.country, region: orNull(v.region), city: orNull(v.city) },
      { onSuccess: onDone },
    ),
  );
  const regionWord = label(REGION_KIND_LABELS, regions.data?.regionKind ?? "region");

  return (
    <Form noValidate onSubmit={onSubmit}>
      <StepHeading title={<Trans>Where do you live?</Trans>}>
        <Trans>We show you members nearby. Only your city and region are shown on your profile.</Trans>
      </StepHeading>
      {save.error && (
        <Alert variant="danger" role="alert">
          {describe(save.error)}
        </Alert>
      )}
      {permission !== "unsupported" && permission !== "denied" && (
        <Button
          variant="outline-primary"
          className="w-100 mb-3"
          onClick={() => void fillFromMyLocation()}
          disabled={locating}
        >
          {locating && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          <Trans>Use my location</Trans>
        </Button>
      )}
      <div role="status" aria-live="polite">
        {found === true && (
          <p className="small text-success">
            <Trans>We filled in your place. Check it and correct it if needed.</Trans>
          </p>
        )}
        {found === false && (
          <p className="small text-body-secondary">
            <Trans>We could not find your place. Please choose it below.</Trans>
          </p>
        )}
      </div>
      <Row>
        <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId="signup-country">
          <Form.Label>
            <Trans>Country</Trans>
          </Form.Label>
          <Form.Select {...register("country", { required: true, onChange: () => setValue("region", "") })}>
            <CountryOptions />
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId="signup-region">
          <Form.Label>{regionWord}</Form.Label>
          <Form.Select {...register("region")}>
            <option value="">{t`Not set`}</option>
            {regions.data?.regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Row>
      <Form.Group className="mb-2" controlId="signup-city">
        <Form.Label>
          <Trans>City</Trans>
        </Form.Label>
        <Form.Control autoComplete="address-level2" maxLength={100} {...register("city")} />
      </Form.Group>
      <StepButtons busy={save.isPending} onSkip={onDone} />
    </Form>
  );
}

type PersonalField = "search_gender" | "relationship_status" | "sexuality" | "body_type" | "hair_color" | "eye_color";
type PersonalValues = Record<PersonalField, string>;

/** Personal info step: whom the member looks for and the §3 profile fields with their enumerations. */
function PersonalStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useLingui();
  const save = useUpdateProfile();
  const describe = useErrorText();
  const { label } = useEnumLabels();
  const { register, handleSubmit } = useForm<PersonalValues>({
    defaultValues: {
      search_gender: profile.search_gender ?? "",
      relationship_status: profile.relationship_status ?? "",
      sexuality: profile.sexuality ?? "",
      body_type: profile.body_type ?? "",
      hair_color: profile.hair_color ?? "",
      eye_color: profile.eye_color ?? "",
    },
  });
  const onSubmit = handleSubmit((v) =>
    save.mutate(
      {
        ...profileInput(profile),
        search_gender: orNull(v.search_gender) as never,
        relationship_status: orNull(v.relationship_status) as never,
        sexuality: orNull(v.sexuality) as never,
        body_type: orNull(v.body_type) as never,
        hair_color: orNull(v.hair_color) as never,
        eye_color: orNull(v.eye_color) as never,
      },
      { onSuccess: onDone },
    ),
  );
  const select = (name: PersonalField, text: string, labels: Record<string, MessageDescriptor>) => (
    <Form.Group as={Col} xs={12} sm={6} className="mb-3" controlId={`signup-${name}`}>
      <Form.Label>{text}</Form.Label>
      <Form.Select {...register(name)}>
        <option value="">{t`Not set`}</option>
        {Object.keys(labels).map((key) => (
          <option key={key} value={key}>
            {label(labels, key)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
  return (
    <Form noValidate onSubmit={onSubmit}>
      <StepHeading title={<Trans>Your details</Trans>}>
        <Trans>Tell others a little about yourself. Every field is optional.</Trans>
      </StepHeading>
      {save.error && (
        <Alert variant="danger" role="alert">
          {describe(save.error)}
        </Alert>
      )}
      <Row>
        {select("search_gender", t`I am looking for`, GENDER_LABELS)}
        {select("relationship_status", t`Relationship status`, RELATIONSHIP_STATUS_LABELS)}
        {select("sexuality", t`Sexuality`, SEXUALITY_LABELS)}
        {select("body_type", t`Body type`, BODY_TYPE_LABELS)}
        {select("hair_color", t`Hair color`, HAIR_COLOR_LABELS)}
        {select("eye_color", t`Eye color`, EYE_COLOR_LABELS)}
      </Row>
      <StepButtons busy={save.isPending} onSkip={onDone} />
    </Form>
  );
}

/** About me step: the §3 signup_message (profiles.note), at most 1000 characters as on /profile. */
function AboutStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useLingui();
  const save = useUpdateProfile();
  const describe = useErrorText();
  const { register, handleSubmit, formState } = useForm<{ about: string }>({
    defaultValues: { about: profile.signup_message },
  });
  const onSubmit = handleSubmit((v) =>
    save.mutate({ ...profileInput(profile), signup_message: v.about }, { onSuccess: onDone }),
  );
  return (
    <Form noValidate onSubmit={onSubmit}>
      <StepHeading title={<Trans>About me</Trans>}>
        <Trans>A few words about you and whom you would like to meet.</Trans>
      </StepHeading>
      {save.error && (
        <Alert variant="danger" role="alert">
          {describe(save.error)}
        </Alert>
      )}
      <Form.Group controlId="signup-about">
        <Form.Label>
          <Trans>About me</Trans>
        </Form.Label>
        <FieldControl
          as="textarea"
          rows={5}
          isInvalid={!!formState.errors.about}
          {...register("about", { maxLength: { value: 1000, message: t`Message is too long` } })}
        />
        <FieldFeedback>{formState.errors.about?.message}</FieldFeedback>
      </Form.Group>
      <StepButtons busy={save.isPending} onSkip={onDone} />
    </Form>
  );
}

/**
 * Push step (§2 push prompt, §4): notifications for messages, likes and matches, turned on with
 * the same hook as the prompt banner (subscription sent to the account; a refusal recorded as denied).
 */
function PushStep({ publicKey, onDone }: { publicKey: string; onDone: () => void }) {
  const { me } = useMe();
  const pushState = usePushState();
  const { turnOn, asking } = useTurnOnPush();
  const [answer, setAnswer] = useState<"subscribed" | "denied" | "failed" | false | null>(null);
  const state = answer ?? pushState;
  return (
    <>
      <StepHeading title={<Trans>Turn on notifications</Trans>}>
        <Trans>Get a notification when someone writes to you, likes you or matches with you.</Trans>
      </StepHeading>
      <div role="status" aria-live="polite">
        {state === "subscribed" && (
          <p className="alert alert-success">
            <Trans>Notifications are on.</Trans>
          </p>
        )}
        {state === "denied" && (
          <p className="alert alert-secondary">
            <Trans>Notifications are blocked in this browser. You can allow them in its settings.</Trans>
          </p>
        )}
        {state === "failed" && (
          <p className="alert alert-warning">
            <Trans>Notifications could not be turned on. Please try again later.</Trans>
          </p>
        )}
      </div>
      <div className="d-flex flex-column flex-sm-row-reverse gap-2 mt-4">
        {state === "subscribed" || state === "denied" ? (
          <Button onClick={onDone} className="flex-sm-fill">
            <Trans>Continue</Trans>
          </Button>
        ) : (
          <>
            <Button onClick={() => void turnOn(publicKey).then(setAnswer)} disabled={asking} className="flex-sm-fill">
              {asking && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              <Trans>Turn on notifications</Trans>
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => {
                if (me) dismissPushPrompt(me.id); // skipped here: not asked again on the next page
                onDone();
              }}
              disabled={asking}
              className="flex-sm-fill"
            >
              <Trans>Skip this step</Trans>
            </Button>
          </>
        )}
      </div>
    </>
  );
}

/** Last step: confirm the e-mail address (§1, §4), with the activation link sent again on request. */
function ConfirmStep({ email, confirmed, onDone }: { email: string; confirmed: boolean; onDone: () => void }) {
  const resend = useResendActivation();
  const describe = useErrorText();
  return (
    <>
      <StepHeading title={<Trans>Confirm your e-mail address</Trans>}>
        {confirmed ? (
          <Trans>Your e-mail address is confirmed. You can like and write to members.</Trans>
        ) : (
          <Trans>
            We sent a link to <strong>{email}</strong>. Open it to confirm your address: then you can like and write to
            members.
          </Trans>
        )}
      </StepHeading>
      <div role="status" aria-live="polite">
        {resend.isSuccess && (
          <p className="alert alert-success">
            <Trans>We sent the link again.</Trans>
          </p>
        )}
      </div>
      {resend.error && (
        <Alert variant="danger" role="alert">
          {describe(resend.error)}
        </Alert>
      )}
      <div className="d-flex flex-column flex-sm-row-reverse gap-2 mt-4">
        <Button onClick={onDone} className="flex-sm-fill">
          <Trans>See members for you</Trans>
        </Button>
        {!confirmed && (
          <PendingButton
            variant="outline-secondary"
            onClick={() => resend.mutate()}
            pending={resend.isPending}
            className="flex-sm-fill"
          >
            <Trans>Send the link again</Trans>
          </PendingButton>
        )}
      </div>
      <p className="small text-body-secondary mt-3 mb-0">
        <Trans>
          You can change all of this later on <Link to={paths.profile}>your profile</Link>.
        </Trans>
      </p>
    </>
  );
}
