import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { isValidPhoneNumber, type CountryCode } from "libphonenumber-js/min";
import { Alert, Button, Card, Col, Form, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useMe } from "../../../lib/api/use-me";
import { appCodeOf, type RouterError } from "../../../lib/trpc";
import { countryName } from "../../../lib/intl";
import { useDirectDebitState } from "../api/use-direct-debit-state";
import { useRequestDirectDebitCode } from "../api/use-request-direct-debit-code";
import { useConfirmDirectDebit } from "../api/use-confirm-direct-debit";
import { useRevokeDirectDebit } from "../api/use-revoke-direct-debit";
import { Money } from "../components/money";
import "../credits.css";
import { sameSitePath } from "../../../lib/same-site-path";
import { PendingButton } from "../../../components/ui/pending-button";
import { FieldControl, FieldFeedback } from "../../../components/ui/field";

/** Countries whose phone numbers the form reads without a +prefix (§2's countries). */
const PHONE_COUNTRIES = [
  "NL",
  "BE",
  "DE",
  "AT",
  "FR",
  "IT",
  "ES",
  "IE",
  "PL",
  "GB",
  "CH",
  "US",
  "CA",
  "AU",
  "NZ",
] as const;

/** Server-side field errors of a VALIDATION answer, by field. */
function fieldErrorsOf(err: unknown): Record<string, string[]> {
  return (
    ((err as RouterError | null)?.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {}
  );
}

/** Step 1: the §3 direct debit form, validated with the IBAN and phone libraries, then an SMS code is sent. */
function MandateForm({ defaultCountry, onSent }: { defaultCountry: string; onSent: () => void }) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const request = useRequestDirectDebitCode();
  const schema = z
    .object({
      accountHolder: z
        .string()
        .trim()
        .min(2, t`Enter the account holder's name`)
        .max(100),
      iban: z
        .string()
        .transform((v) => electronicFormatIBAN(v) ?? "")
        .refine((v) => isValidIBAN(v), t`Enter a valid IBAN`)
        .refine((v) => isSEPACountry(v.slice(0, 2)), t`Direct debit needs an account in the SEPA area`),
      street: z
        .string()
        .trim()
        .min(1, t`Enter the street`)
        .max(100),
      houseNumber: z
        .string()
        .trim()
        .min(1, t`Enter the house number`)
        .max(20),
      zip: z
        .string()
        .trim()
        .min(2, t`Enter the zip code`)
        .max(16),
      city: z
        .string()
        .trim()
        .min(1, t`Enter the city`)
        .max(100),
      phoneCountry: z.string(),
      phone: z
        .string()
        .trim()
        .min(3, t`Enter a valid mobile phone number`)
        .max(32),
    })
    .refine((v) => isValidPhoneNumber(v.phone, v.phoneCountry as CountryCode), {
      path: ["phone"],
      message: t`Enter a valid mobile phone number`,
    });
  type Values = z.input<typeof schema>;
  const { register, handleSubmit, formState, setValue } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: {
      phoneCountry: (PHONE_COUNTRIES as readonly string[]).includes(defaultCountry) ? defaultCountry : "NL",
    },
  });
  const serverErrors = fieldErrorsOf(request.error);
  // The server also refuses numbers that take no SMS (premium rate, fixed line: it has the number
  // types, this page only the lighter metadata); its one phone message is shown translated.
  const server = serverErrors.phone ? { ...serverErrors, phone: [t`Enter a valid mobile phone number`] } : serverErrors;
  const errorOf = (name: keyof Values) => formState.errors[name]?.message ?? server[name]?.[0];
  const field = (
    name: keyof Values,
    label: string,
    props: Record<string, unknown> = {},
    afterBlur?: (value: string) => void,
  ) => {
    const registered = register(name);
    return (
      <Form.Group controlId={`dd-${name}`}>
        <Form.Label>{label}</Form.Label>
        <FieldControl
          {...registered}
          {...props}
          onBlur={async (e: React.FocusEvent<HTMLInputElement>) => {
            await registered.onBlur(e);
            afterBlur?.(e.target.value);
          }}
          isInvalid={!!errorOf(name)}
          isValid={formState.touchedFields[name] && !errorOf(name)}
        />
        <FieldFeedback>{errorOf(name)}</FieldFeedback>
      </Form.Group>
    );
  };

  return (
    <Form
      noValidate
      onSubmit={handleSubmit((v) => request.mutate(v as z.output<typeof schema>, { onSuccess: onSent }))}
    >
      <Row className="g-3">
        <Col xs={12}>{field("accountHolder", t`Account holder`, { autoComplete: "name" })}</Col>
        <Col xs={12}>
          {field(
            "iban",
            t`IBAN`,
            { autoComplete: "off", spellCheck: false, placeholder: "NL91 ABNA 0417 1643 00" },
            (value) => {
              // Show a valid IBAN in its readable groups of four.
              const formatted = electronicFormatIBAN(value);
              if (formatted && isValidIBAN(formatted))
                setValue("iban", friendlyFormatIBAN(formatted) ?? formatted, { shouldValidate: true });
            },
          )}
        </Col>
        {/* Phones: the street gets its own row (a third of 360 px cannot hold "Hausnummer"), the
            house number and zip code share the next. */}
        <Col xs={12} sm={8}>
          {field("street", t`Street`, { autoComplete: "address-line1" })}
        </Col>
        <Col xs={6} sm={4}>
          {field("houseNumber", t`House number`)}
        </Col>
        <Col xs={6} sm={4}>
          {field("zip", t`Zip code`, { autoComplete: "postal-code" })}
        </Col>
        <Col xs={12} sm={8}>
          {field("city", t`City`, { autoComplete: "address-level2" })}
        </Col>
        <Col xs={12}>
          <fieldset>
            <legend className="form-label fs-6 mb-2">
              <Trans>Mobile phone (we send the code by SMS)</Trans>
            </legend>
            <Row className="g-2">
              {/* Phones: the country on its own row, its name whole. */}
              <Col xs={12} sm={5}>
                <Form.Group controlId="dd-phoneCountry">
                  <Form.Label className="visually-hidden">
                    <Trans>Phone country</Trans>
                  </Form.Label>
                  <Form.Select {...register("phoneCountry")}>
                    {PHONE_COUNTRIES.map((c) => (
                      <option key={c} value={c}>
                        {countryName(c, i18n.locale)}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col xs={12} sm={7}>
                <Form.Group controlId="dd-phone">
                  <Form.Label className="visually-hidden">
                    <Trans>Mobile phone</Trans>
                  </Form.Label>
                  <FieldControl
                    {...register("phone")}
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    placeholder="06 12345678"
                    isInvalid={!!errorOf("phone")}
                    aria-describedby="dd-phone-help"
                  />
                  <FieldFeedback>{errorOf("phone")}</FieldFeedback>
                </Form.Group>
              </Col>
            </Row>
            <Form.Text id="dd-phone-help">
              <Trans>A national number, or an international one starting with +.</Trans>
            </Form.Text>
          </fieldset>
        </Col>
      </Row>
      {request.error && appCodeOf(request.error) !== "VALIDATION" && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {errorText(request.error)}
        </Alert>
      )}
      <PendingButton type="submit" className="w-100 mt-4" size="lg" pending={request.isPending}>
        {request.isPending ? <Trans>Sending…</Trans> : <Trans>Send me the code by SMS</Trans>}
      </PendingButton>
    </Form>
  );
}

/** Step 2: the SMS code and the consent checkbox (§5: both required). */
function ConfirmForm({
  pending,
  siteName,
  onRestart,
}: {
  pending: { phoneMasked: string; ibanMasked: string; attemptsLeft: number };
  siteName: string;
  onRestart: () => void;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const confirm = useConfirmDirectDebit();
  const [otp, setOtp] = useState("");
  const [consent, setConsent] = useState(false);
  const [touched, setTouched] = useState(false);
  const otpOk = /^\d{6}$/.test(otp);
  const attemptsLeft = (
    (confirm.error as RouterError | null)?.data as { details?: { attemptsLeft?: number } } | undefined
  )?.details?.attemptsLeft;
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (otpOk && consent) confirm.mutate({ otp, consent: true });
      }}
    >
      <p>
        <Trans>
          We sent a 6-digit code to <strong>{pending.phoneMasked}</strong> to confirm direct debit from{" "}
          <strong>{pending.ibanMasked}</strong>.
        </Trans>
      </p>
      <Form.Group controlId="dd-otp" className="mb-3">
        <Form.Label>
          <Trans>Code from the SMS</Trans>
        </Form.Label>
        <FieldControl
          className="otp-input"
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, "").slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          isInvalid={(touched && !otpOk) || appCodeOf(confirm.error) === "CODE_INVALID"}
        />
        <FieldFeedback>
          {appCodeOf(confirm.error) === "CODE_INVALID" ? (
            <>
              {errorText(confirm.error)}
              {attemptsLeft !== undefined && attemptsLeft > 0 && <> · {t`${attemptsLeft} attempts left`}</>}
            </>
          ) : (
            t`Enter the 6-digit code`
          )}
        </FieldFeedback>
      </Form.Group>
      <Form.Check
        id="dd-consent"
        className="mb-3"
        checked={consent}
        onChange={(e) => setConsent(e.target.checked)}
        isInvalid={touched && !consent}
        feedback={t`Please agree to the direct debit mandate`}
        feedbackType="invalid"
        label={t`I authorise ${siteName} to collect my credit purchases from this account by SEPA direct debit, and my bank to debit my account accordingly. I can ask my bank for a refund within 8 weeks of a debit.`}
      />
      {confirm.error && appCodeOf(confirm.error) !== "CODE_INVALID" && (
        <Alert variant="danger" role="alert">
          {errorText(confirm.error)}
        </Alert>
      )}
      <div className="d-flex flex-column flex-sm-row gap-2">
        <PendingButton type="submit" size="lg" className="flex-grow-1" pending={confirm.isPending}>
          <Trans>Confirm direct debit</Trans>
        </PendingButton>
        <Button variant="link" onClick={onRestart}>
          <Trans>Change details or send a new code</Trans>
        </Button>
      </div>
    </Form>
  );
}

/**
 * §2 /directdebit: set up SEPA direct debit — the §3 form (account holder, IBAN, street, house
 * number, zip, city, phone), an SMS code and the consent checkbox (§5) — or see and revoke the
 * confirmed mandate. §8: 'Code invalid', account blocked for direct debit, limit reached.
 */
export function DirectDebitPage() {
  const { me } = useMe();
  const state = useDirectDebitState();
  const revoke = useRevokeDirectDebit();
  const errorText = useErrorText();
  const { t } = useLingui();
  const [params] = useSearchParams();
  const next = sameSitePath(params.get("next"));
  const [restart, setRestart] = useState(false);
  const s = state.data;

  return (
    <section className="credits-page mx-auto" style={{ maxWidth: 640 }} aria-labelledby="dd-title">
      <h1 id="dd-title" className="h3 mb-1">
        <Trans>Direct debit</Trans>
      </h1>
      <p className="text-body-secondary mb-4">
        <Trans>
          Pay for credits straight from your bank account (SEPA). You confirm it once, with a code we send by SMS.
        </Trans>
      </p>
      {state.isLoading ? (
        <LoadingState />
      ) : state.error || !s ? (
        <ErrorState message={errorText(state.error)} onRetry={() => void state.refetch()} />
      ) : s.blocked ? (
        <Alert variant="danger" role="alert">
          <Trans>Your account is blocked for direct debit.</Trans>{" "}
          <Link to={paths.credits} className="alert-link">
            <Trans>Choose another payment method</Trans>
          </Link>
        </Alert>
      ) : (
        <Card className="border-0 shadow-sm">
          <Card.Body className="p-4">
            {s.mandate && !restart ? (
              <>
                <div role="status">
                  <h2 className="h5">
                    <Trans>Direct debit is set up</Trans>
                  </h2>
                  <dl className="payment-details">
                    <dt>
                      <Trans>Account holder</Trans>
                    </dt>
                    <dd>{s.mandate.accountHolder}</dd>
                    <dt>
                      <Trans>IBAN</Trans>
                    </dt>
                    <dd className="font-monospace">{s.mandate.ibanMasked}</dd>
                    <dt>
                      <Trans>Mandate reference</Trans>
                    </dt>
                    <dd className="font-monospace">{s.mandate.reference}</dd>
                    <dt>
                      <Trans>Limit</Trans>
                    </dt>
                    <dd>
                      <Trans>
                        <Money cents={s.usedCents} currency="EUR" /> of <Money cents={s.limitCents} currency="EUR" />{" "}
                        used in the last 30 days
                      </Trans>
                    </dd>
                  </dl>
                </div>
                <div className="d-flex flex-column flex-sm-row gap-2">
                  {next ? (
                    <Link to={next} className="btn btn-primary flex-grow-1">
                      <Trans>Continue to payment</Trans>
                    </Link>
                  ) : (
                    <Link to={paths.credits} className="btn btn-primary flex-grow-1">
                      <Trans>Buy credits</Trans>
                    </Link>
                  )}
                  <Button variant="outline-secondary" onClick={() => setRestart(true)}>
                    <Trans>Use another account</Trans>
                  </Button>
                  <PendingButton
                    variant="outline-danger"
                    onClick={() => revoke.mutate()}
                    pending={revoke.isPending}
                    aria-label={t`Revoke the direct debit mandate`}
                  >
                    <Trans>Revoke</Trans>
                  </PendingButton>
                </div>
              </>
            ) : s.pending && !restart ? (
              <ConfirmForm pending={s.pending} siteName={t`Amora`} onRestart={() => setRestart(true)} />
            ) : (
              <>
                <MandateForm defaultCountry={me?.country ?? "NL"} onSent={() => setRestart(false)} />
                {restart && (
                  <Button variant="link" className="mt-2 px-0" onClick={() => setRestart(false)}>
                    <Trans>Back</Trans>
                  </Button>
                )}
              </>
            )}
          </Card.Body>
        </Card>
      )}
    </section>
  );
}
