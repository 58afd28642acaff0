import { useId, useState, type FormEvent } from "react";
import { Alert, Card, Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMe } from "../../../lib/api/use-me";
import { useReport } from "../../../lib/api/use-report";
import { useErrorText } from "../../../lib/errors";
import { REPORT_REASONS, type ReportReason } from "../../../components/ui/report-dialog";
import { useComplaintsContact } from "../api/use-complaints-contact";
import { PendingButton } from "../../../components/ui/pending-button";
import { FieldControl, FieldFeedback } from "../../../components/ui/field";

/**
 * §2 /complaints: a complaint form (visitors give an e-mail address to be answered at; members are
 * answered at their account's address) and the company's contact details (§3 company info,
 * support phone and e-mail). Complaints go to the operators' queue (/ops) with the reports.
 */
export function ComplaintsPage() {
  const { t, i18n } = useLingui();
  const { me } = useMe();
  const contact = useComplaintsContact();
  const report = useReport();
  const describe = useErrorText();
  const id = useId();
  const [reason, setReason] = useState<ReportReason>("other");
  const [details, setDetails] = useState("");
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const missingText = details.trim() === "";
  const missingEmail = !me && email.trim() === "";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missingText || missingEmail) return;
    report.mutate(
      { subject: "complaint", reason, details: details.trim(), ...(me ? {} : { email: email.trim() }) },
      { onSuccess: () => setDetails("") },
    );
  };
  const c = contact.data;
  return (
    <Card as="article" className="shadow-sm border-0 mx-auto" style={{ maxWidth: 760 }}>
      <Card.Body className="p-4">
        <h1 className="h3 mb-3">
          <Trans>Complaints</Trans>
        </h1>
        <p>
          <Trans>
            Tell us what went wrong: a member who bothers you, a payment, or anything about our service. We answer every
            complaint within 14 days.
          </Trans>
        </p>

        {report.isSuccess ? (
          <Alert variant="success" role="status">
            <Trans>Thank you. We received your complaint and will answer you by e-mail.</Trans>
          </Alert>
        ) : (
          <Form noValidate onSubmit={submit} aria-labelledby={`${id}-form`}>
            <h2 id={`${id}-form`} className="h5">
              <Trans>Send a complaint</Trans>
            </h2>
            {report.error && (
              <Alert variant="danger" role="alert">
                {describe(report.error)}
              </Alert>
            )}
            <Form.Group className="mb-3" controlId={`${id}-reason`}>
              <Form.Label>
                <Trans>Subject</Trans>
              </Form.Label>
              <Form.Select value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
                {REPORT_REASONS.map((r) => (
                  <option key={r.value} value={r.value}>
                    {i18n._(r.label)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3" controlId={`${id}-details`}>
              <Form.Label>
                <Trans>Your complaint</Trans>
              </Form.Label>
              <FieldControl
                as="textarea"
                rows={5}
                maxLength={2000}
                value={details}
                isInvalid={touched && missingText}
                onChange={(e) => setDetails(e.target.value)}
              />
              <FieldFeedback>{t`Please describe your complaint.`}</FieldFeedback>
            </Form.Group>
            {!me && (
              <Form.Group className="mb-3" controlId={`${id}-email`}>
                <Form.Label>
                  <Trans>Your e-mail address</Trans>
                </Form.Label>
                <FieldControl
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  value={email}
                  isInvalid={touched && missingEmail}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <FieldFeedback>{t`Please enter your e-mail address.`}</FieldFeedback>
                <Form.Text>
                  <Trans>We only use it to answer your complaint.</Trans>
                </Form.Text>
              </Form.Group>
            )}
            <PendingButton type="submit" pending={report.isPending}>
              <Trans>Send complaint</Trans>
            </PendingButton>
          </Form>
        )}

        <hr className="my-4" />
        <h2 className="h5">
          <Trans>Contact</Trans>
        </h2>
        {c && (
          <address className="mb-0" data-testid="company-contact">
            {c.company.name && (
              <>
                <strong>{c.company.name}</strong>
                <br />
              </>
            )}
            {c.company.address && (
              <>
                {c.company.address}
                <br />
              </>
            )}
            {[c.company.city, c.company.country].filter(Boolean).join(", ")}
            {c.company.registrationNumber && (
              <>
                <br />
                <Trans>Registration number: {c.company.registrationNumber}</Trans>
              </>
            )}
            {c.vatNumbers.length > 0 && (
              <>
                <br />
                <Trans>VAT: {c.vatNumbers.join(", ")}</Trans>
              </>
            )}
            {c.supportEmail && (
              <>
                <br />
                <Trans>E-mail:</Trans> <a href={`mailto:${c.supportEmail}`}>{c.supportEmail}</a>
              </>
            )}
            {c.supportPhone && (
              <>
                <br />
                <Trans>Phone:</Trans> <a href={`tel:${c.supportPhone}`}>{c.supportPhone}</a>
              </>
            )}
          </address>
        )}
      </Card.Body>
    </Card>
  );
}
