import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Mailcheck from "mailcheck";
import { Alert, Button, Col, Form, Row } from "react-bootstrap";
import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf } from "../../../lib/trpc";
import { useSignup } from "../api/use-signup";
import { ReactivationOffer } from "../../../components/ui/reactivation-offer";
import { SignupsClosedNotice } from "../../../components/signup/signups-closed-notice";
import { useSiteVisitor } from "../../../lib/api/use-site-visitor";
import { countryName } from "../../../lib/intl";
import { selectedCountry, signupCountryGuess } from "../../../lib/languages";
import type { Locale } from "../../../lib/constants";
import { paths } from "../../../app/paths";
import { PendingButton } from "../../../components/ui/pending-button";
import { nameHasAddress } from "../../../lib/member-name";
import { FieldControl, FieldFeedback, FieldSelect } from "../../../components/ui/field";
import { DateOfBirthFormField } from "../../../components/ui/date-of-birth-field";
import { ageOn } from "../../../lib/dates";

/** §2 'Language choices by country': the spec's countries. */
const COUNTRIES = ["NL", "BE", "DE", "AT", "CH", "FR", "IT", "ES", "PL", "GB", "IE", "US", "CA", "AU", "NZ"] as const;
const MIN_AGE = 18; // §5

/**
 * §3 signup form (email, name, password, date_of_birth, signup_message, plus gender and country),
 * validated with the §5 rules and messages before it is sent; the server checks them again.
 * A did-you-mean suggestion is offered for mistyped e-mail domains (mailcheck). When the site's
 * §4 signups policy keeps signups closed for this visitor, the invite-only notice shows instead.
 * `twoColumns`: the fields two a row from the lg breakpoint (the desktop modal, 800 px wide, whose
 * one column would be taller than a laptop's window); the order of the fields, and so of Tab, is
 * the same either way.
 */
export function SignupForm({ onDone, twoColumns = false }: { onDone: () => void; twoColumns?: boolean }) {
  const { t, i18n } = useLingui();
  const signup = useSignup(onDone);
  const visitor = useSiteVisitor();
  const errorText = useErrorText();
  const [suggestion, setSuggestion] = useState<string | null>(null);
  // Ids of their own: a lander shows this form in its page and again in the signup modal.
  const uid = useId();
  const idOf = (field: string) => `signup-${field}${uid}`;

  const schema = z
    .object({
      email: z
        .string()
        .trim()
        .email(t`Invalid email`),
      name: z
        .string()
        .trim()
        .min(2, t`Enter a name of at least 2 characters`)
        .max(40, t`Use at most 40 characters`)
        // §5; on the field itself, so it shows with the other fields' errors.
        .refine((v) => !v.startsWith("@"), t`Your name may not start with @`)
        .refine((v) => v.startsWith("@") || !nameHasAddress(v), t`Your name may not contain a web or e-mail address`),
      password: z
        .string()
        .min(8, t`Use at least 8 characters`)
        .max(200),
      date_of_birth: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, t`Enter your date of birth (${MIN_AGE}+)`)
        .refine((d) => ageOn(d) >= MIN_AGE && ageOn(d) <= 120, t`Enter your date of birth (${MIN_AGE}+)`),
      gender: z.enum(["male", "female"], { message: t`Choose one` }),
      country: z.enum(COUNTRIES, { message: t`Choose your country` }),
      signup_message: z
        .string()
        .max(1000, t`Message is too long`)
        .optional(),
    })
    .superRefine((v, ctx) => {
      // §5: the name may not equal the e-mail address.
      if (v.name.trim().toLowerCase() === v.email.trim().toLowerCase()) {
        ctx.addIssue({ code: "custom", path: ["name"], message: t`Your name may not be your e-mail address` });
      }
    });
  type Values = z.infer<typeof schema>;
  const { register, control, handleSubmit, formState, setValue, getValues } = useForm<Values>({
    resolver: zodResolver(schema),
    // The visitor's country when it is known (not the same one for everyone, who then lives there).
    defaultValues: {
      date_of_birth: "",
      country: (signupCountryGuess(
        {
          selectedCountry: selectedCountry(),
          detectedCountry: visitor.data?.geoipCountry ?? null,
          locale: i18n.locale as Locale,
        },
        COUNTRIES,
      ) ?? "") as Values["country"],
    },
  });
  const errors = formState.errors;

  const checkEmail = () => {
    Mailcheck.run({
      email: getValues("email") ?? "",
      suggested: (s: { full: string }) => setSuggestion(s.full),
      empty: () => setSuggestion(null),
    });
  };
  const onSubmit = handleSubmit((values) =>
    signup.mutate({ ...values, signup_message: values.signup_message || undefined, language: i18n.locale as "en" }),
  );
  const emailTaken = appCodeOf(signup.error) === "EMAIL_EXISTS";
  const wide = twoColumns ? 6 : undefined;
  // §4 invite-only mode: the notice instead of the form (the server refuses such a signup anyway).
  if (visitor.data?.signupsOpen === false || appCodeOf(signup.error) === "SIGNUPS_CLOSED")
    return <SignupsClosedNotice />;

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t`Sign up`}>
      {signup.error && (
        <Alert variant="danger" role="alert">
          {errorText(signup.error)}
          {appCodeOf(signup.error) === "ACCOUNT_PENDING_DELETION" && <ReactivationOffer email={getValues("email")} />}
          {emailTaken && (
            <>
              {" "}
              <a href="/login">
                <Trans>Log in instead</Trans>
              </a>{" "}
              <a href="/reset-password">
                <Trans>Forgot password?</Trans>
              </a>
            </>
          )}
        </Alert>
      )}
      <Row>
        <Col xs={12} lg={wide}>
          <Form.Group className="mb-3" controlId={idOf("email")}>
            <Form.Label>
              <Trans>E-mail</Trans>
            </Form.Label>
            <FieldControl
              type="email"
              autoComplete="email"
              isInvalid={!!errors.email}
              {...register("email", { onBlur: checkEmail })}
            />
            <FieldFeedback>{errors.email?.message}</FieldFeedback>
            {suggestion && (
              <Form.Text role="status">
                <Trans>Did you mean</Trans>{" "}
                <Button
                  variant="link"
                  className="p-0 align-baseline"
                  onClick={() => {
                    setValue("email", suggestion, { shouldValidate: true });
                    setSuggestion(null);
                  }}
                >
                  {suggestion}
                </Button>
                ?
              </Form.Text>
            )}
          </Form.Group>
        </Col>
        <Col xs={12} lg={wide}>
          <Form.Group className="mb-3" controlId={idOf("name")}>
            <Form.Label>
              <Trans>Name</Trans>
            </Form.Label>
            <FieldControl autoComplete="nickname" isInvalid={!!errors.name} {...register("name")} />
            <FieldFeedback>{errors.name?.message}</FieldFeedback>
          </Form.Group>
        </Col>
        <Col xs={12} lg={wide}>
          <Form.Group className="mb-3" controlId={idOf("password")}>
            <Form.Label>
              <Trans>Password</Trans>
            </Form.Label>
            <FieldControl
              type="password"
              autoComplete="new-password"
              isInvalid={!!errors.password}
              {...register("password")}
            />
            <FieldFeedback>{errors.password?.message}</FieldFeedback>
          </Form.Group>
        </Col>
        <Col xs={12} lg={wide}>
          <div className="mb-3">
            <DateOfBirthFormField control={control} name="date_of_birth" id={idOf("dob")} />
          </div>
        </Col>
        <Col xs={12} sm={6} lg={wide}>
          <Form.Group className="mb-3" controlId={idOf("gender")}>
            <Form.Label>
              <Trans>I am</Trans>
            </Form.Label>
            <FieldSelect isInvalid={!!errors.gender} {...register("gender")} defaultValue="">
              <option value="" disabled>
                {t`Choose…`}
              </option>
              <option value="female">{t`a woman`}</option>
              <option value="male">{t`a man`}</option>
            </FieldSelect>
            <FieldFeedback>{errors.gender?.message}</FieldFeedback>
          </Form.Group>
        </Col>
        <Col xs={12} sm={6} lg={wide}>
          <Form.Group className="mb-3" controlId={idOf("country")}>
            <Form.Label>
              <Trans>Country</Trans>
            </Form.Label>
            <FieldSelect isInvalid={!!errors.country} {...register("country")}>
              <option value="" disabled>
                {t`Choose your country`}
              </option>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {countryName(c, i18n.locale)}
                </option>
              ))}
            </FieldSelect>
            <FieldFeedback>{errors.country?.message}</FieldFeedback>
          </Form.Group>
        </Col>
      </Row>
      <Form.Group className="mb-4" controlId={idOf("message")}>
        <Form.Label>
          <Trans>About me (optional)</Trans>
        </Form.Label>
        <FieldControl as="textarea" rows={2} isInvalid={!!errors.signup_message} {...register("signup_message")} />
        <FieldFeedback>{errors.signup_message?.message}</FieldFeedback>
      </Form.Group>
      <PendingButton type="submit" size="lg" className="w-100" pending={signup.isPending}>
        <Trans>Create my free account</Trans>
      </PendingButton>
      <p className="small text-body-secondary mt-3 mb-0 text-center">
        <Trans>
          By signing up you confirm you are 18 or older and accept the{" "}
          <Link to={paths.terms} target="_blank" rel="noopener">
            terms
          </Link>
          .
        </Trans>
      </p>
    </Form>
  );
}
