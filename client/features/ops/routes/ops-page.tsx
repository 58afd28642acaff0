import { useId, useState } from "react";
import { Link } from "react-router";
import { Alert, Badge, Card, Col, Form, Modal, Row, Table } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { paths } from "../../../app/paths";
import { NotFoundPage } from "../../../components/errors/error-pages";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { REPORT_REASONS } from "../../../components/ui/report-dialog";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf } from "../../../lib/trpc";
import type { RouterOutputs } from "../../../lib/router-types";
import { useOpsQueue } from "../api/use-ops-queue";
import { useDismiss } from "../api/use-dismiss";
import { useApprovePhoto } from "../api/use-approve-photo";
import { useHidePhoto } from "../api/use-hide-photo";
import { useWarn } from "../api/use-warn";
import { useSuspend } from "../api/use-suspend";
import { useReinstate } from "../api/use-reinstate";
import { useBan } from "../api/use-ban";
import { PendingButton } from "../../../components/ui/pending-button";

type Queue = RouterOutputs["moderation"]["queue"];
type QueuedReport = Queue["reports"][number];
type MemberAction = "warn" | "suspend" | "reinstate" | "ban";
type Pending =
  | { kind: MemberAction; userId: number; name: string; reportId?: number }
  | { kind: "dismiss"; reportId: number; name: string }
  | { kind: "hidePhoto"; photoId: number; name: string };

const ACTION_TITLES: Record<Pending["kind"], MessageDescriptor> = {
  warn: msg`Warn {name}`,
  suspend: msg`Suspend {name}`,
  reinstate: msg`Reinstate {name}`,
  ban: msg`Ban {name}`,
  dismiss: msg`Dismiss the report about {name}`,
  hidePhoto: msg`Hide this photo of {name}`,
};
const ACTION_EXPLANATIONS: Record<Pending["kind"], MessageDescriptor> = {
  warn: msg`The member gets an e-mail with your note.`,
  suspend: msg`The member is logged out everywhere, hidden from others and cannot log in until reinstated.`,
  reinstate: msg`The member can log in again and is shown to others again.`,
  ban: msg`The member is logged out everywhere, hidden from others and sees the ban page when logging in.`,
  dismiss: msg`The report is closed without action.`,
  hidePhoto: msg`Members no longer see the photo. Its owner is not told.`,
};
const AUDIT_LABELS: Record<string, MessageDescriptor> = {
  dismiss: msg`dismissed a report`,
  approve_photo: msg`approved a photo`,
  hide_photo: msg`hid a photo`,
  warn: msg`warned`,
  suspend: msg`suspended`,
  reinstate: msg`reinstated`,
  ban: msg`banned`,
  grant_operator: msg`made an operator`,
};
const SUBJECT_LABELS: Record<QueuedReport["subject"], MessageDescriptor> = {
  profile: msg`Profile`,
  message: msg`Message`,
  chat: msg`Chat`,
  complaint: msg`Complaint`,
};

/**
 * The operator console at /ops (issue 10): open reports (with the copy of what was reported) and
 * new photos, with dismiss, approve or hide a photo, warn, suspend, reinstate and ban; and the
 * audit of who did what, when. Only operators get the queue: for anyone else the server answers
 * FORBIDDEN and this route shows the 404 page, so members never learn it exists.
 */
export function OpsPage() {
  const { t, i18n } = useLingui();
  const describe = useErrorText();
  const queue = useOpsQueue();
  const dismiss = useDismiss();
  const approve = useApprovePhoto();
  const hide = useHidePhoto();
  const warn = useWarn();
  const suspend = useSuspend();
  const reinstate = useReinstate();
  const ban = useBan();
  // The action asked about, kept while the dialog fades out so it keeps its title (its name) and
  // text until it is gone; `open` is whether it shows.
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const noteId = useId();

  if (queue.isLoading) return <LoadingState />;
  const code = appCodeOf(queue.error);
  if (code === "FORBIDDEN" || code === "AUTHENTICATION_REQUIRED") return <NotFoundPage />;
  if (!queue.data) return <ErrorState message={describe(queue.error)} onRetry={() => void queue.refetch()} />;

  const mutations = [dismiss, approve, hide, warn, suspend, reinstate, ban];
  const busy = mutations.some((m) => m.isPending);
  const failure = mutations.find((m) => m.error)?.error;
  const reasonLabel = (r: string) => {
    const found = REPORT_REASONS.find((x) => x.value === r);
    return found ? i18n._(found.label) : r;
  };
  const ask = (action: Pending) => {
    setPending(action);
    setNote("");
    setOpen(true);
  };
  const close = () => setOpen(false);
  const confirm = () => {
    if (!pending || !open) return;
    for (const m of mutations) m.reset();
    const trimmed = note.trim() || undefined;
    const done = { onSuccess: close };
    if (pending.kind === "dismiss") dismiss.mutate({ reportId: pending.reportId, note: trimmed }, done);
    else if (pending.kind === "hidePhoto") hide.mutate({ photoId: pending.photoId, note: trimmed }, done);
    else {
      const input = { userId: pending.userId, reportId: pending.reportId, note: trimmed };
      ({ warn, suspend, reinstate, ban })[pending.kind].mutate(input, done);
    }
  };
  const { reports, photos, restricted, audit } = queue.data;

  return (
    <div className="ops-console">
      <h1 className="h3 mb-3">
        <Trans>Moderation</Trans>
      </h1>
      {failure && (
        <Alert variant="danger" role="alert">
          {describe(failure)}
        </Alert>
      )}

      <section aria-labelledby="ops-reports" className="mb-4">
        <h2 id="ops-reports" className="h4">
          <Trans>Reports</Trans> <Badge bg="secondary">{reports.length}</Badge>
        </h2>
        {reports.length === 0 ? (
          <p className="text-body-secondary">
            <Trans>No open reports.</Trans>
          </p>
        ) : (
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {reports.map((r) => {
              const name = r.reported?.name ?? t`unknown member`;
              return (
                <li key={r.id}>
                  <Card className="shadow-sm border-0" data-testid="ops-report">
                    <Card.Body>
                      <div className="d-flex flex-wrap gap-2 align-items-baseline mb-2">
                        <Badge bg="danger">{reasonLabel(r.reason)}</Badge>
                        <Badge bg="light" text="dark">
                          {i18n._(SUBJECT_LABELS[r.subject])}
                        </Badge>
                        {r.reported ? (
                          <strong>
                            <Link to={paths.member(r.reported.id)}>{name}</Link> (#{r.reported.id})
                          </strong>
                        ) : null}
                        {r.reported && r.reported.status !== "ok" && <Badge bg="dark">{r.reported.status}</Badge>}
                        <span className="small text-body-secondary ms-auto">
                          {new Date(r.createdAt).toLocaleString(i18n.locale)}
                        </span>
                      </div>
                      <p className="small mb-2">
                        <Trans>Reported by</Trans> {r.reporter.name ?? r.reporter.email ?? t`a visitor`}
                        {r.reporter.email && r.reporter.name ? ` <${r.reporter.email}>` : ""}
                      </p>
                      {r.details && <p className="mb-2">“{r.details}”</p>}
                      <Snapshot report={r} />
                      <div className="d-flex flex-wrap gap-2 mt-3">
                        <PendingButton
                          size="sm"
                          variant="outline-secondary"
                          pending={busy}
                          onClick={() => ask({ kind: "dismiss", reportId: r.id, name })}
                        >
                          <Trans>Dismiss</Trans>
                        </PendingButton>
                        {r.reported &&
                          (["warn", "suspend", "ban"] as const).map((kind) => (
                            <PendingButton
                              key={kind}
                              size="sm"
                              variant={kind === "warn" ? "outline-warning" : "outline-danger"}
                              pending={busy}
                              onClick={() => ask({ kind, userId: r.reported!.id, name, reportId: r.id })}
                            >
                              {i18n._({ ...ACTION_TITLES[kind], values: { name } })}
                            </PendingButton>
                          ))}
                        {r.reported && r.reported.status !== "ok" && (
                          <PendingButton
                            size="sm"
                            variant="outline-success"
                            pending={busy}
                            onClick={() => ask({ kind: "reinstate", userId: r.reported!.id, name })}
                          >
                            {i18n._({ ...ACTION_TITLES.reinstate, values: { name } })}
                          </PendingButton>
                        )}
                      </div>
                    </Card.Body>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="ops-photos" className="mb-4">
        <h2 id="ops-photos" className="h4">
          <Trans>New photos</Trans> <Badge bg="secondary">{photos.length}</Badge>
        </h2>
        {photos.length === 0 ? (
          <p className="text-body-secondary">
            <Trans>No photos waiting for review.</Trans>
          </p>
        ) : (
          <Row as="ul" xs={2} sm={3} lg={4} className="list-unstyled g-3 mb-0">
            {photos.map((p) => (
              <Col as="li" key={p.id}>
                <Card className="h-100 shadow-sm border-0">
                  <Card.Img
                    variant="top"
                    src={p.thumbUrl}
                    alt={t`Photo of ${p.profileName}`}
                    style={{ aspectRatio: "1", objectFit: "cover" }}
                  />
                  <Card.Body className="p-2 d-grid gap-1">
                    <div className="small text-truncate">
                      <Link to={paths.member(p.profileId)}>{p.profileName}</Link>{" "}
                      {p.isPrivate && <Badge bg="dark">{t`Private`}</Badge>}{" "}
                      {p.status === "pending" && (
                        <Badge bg="warning" text="dark">
                          {t`pending`}
                        </Badge>
                      )}
                    </div>
                    <PendingButton
                      size="sm"
                      variant="outline-success"
                      pending={busy}
                      onClick={() => approve.mutate({ photoId: p.id })}
                    >
                      <Trans>Approve</Trans>
                    </PendingButton>
                    <PendingButton
                      size="sm"
                      variant="outline-danger"
                      pending={busy}
                      onClick={() => ask({ kind: "hidePhoto", photoId: p.id, name: p.profileName })}
                    >
                      <Trans>Hide photo</Trans>
                    </PendingButton>
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </section>

      <section aria-labelledby="ops-restricted" className="mb-4">
        <h2 id="ops-restricted" className="h4">
          <Trans>Suspended and banned members</Trans> <Badge bg="secondary">{restricted.length}</Badge>
        </h2>
        {restricted.length === 0 ? (
          <p className="text-body-secondary">
            <Trans>No member is suspended or banned.</Trans>
          </p>
        ) : (
          <ul className="list-group mb-0">
            {restricted.map((m) => (
              <li key={m.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <span className="fw-semibold">{m.name}</span>
                <span className="text-body-secondary small">#{m.id}</span>
                <Badge
                  bg={m.status === "banned" ? "danger" : "warning"}
                  text={m.status === "banned" ? undefined : "dark"}
                >
                  {m.status === "banned"
                    ? t({ message: "banned", context: "member status" })
                    : t({ message: "suspended", context: "member status" })}
                </Badge>
                <PendingButton
                  size="sm"
                  variant="outline-success"
                  className="ms-auto"
                  pending={busy}
                  onClick={() => ask({ kind: "reinstate", userId: m.id, name: m.name })}
                >
                  {i18n._({ ...ACTION_TITLES.reinstate, values: { name: m.name } })}
                </PendingButton>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="ops-audit">
        <h2 id="ops-audit" className="h4">
          <Trans>Recent actions</Trans>
        </h2>
        <Table responsive size="sm" className="small">
          <thead>
            <tr>
              <th scope="col">{t`When`}</th>
              <th scope="col">{t`Operator`}</th>
              <th scope="col">{t`Action`}</th>
              <th scope="col">{t`Member`}</th>
              <th scope="col">{t`Note`}</th>
            </tr>
          </thead>
          <tbody>
            {audit.map((a) => (
              <tr key={a.id} data-testid="ops-audit-row">
                <td>{new Date(a.createdAt).toLocaleString(i18n.locale)}</td>
                <td>
                  {/* No operator: OPERATOR_EMAILS at a login, or `npm run ops:grant` on the server. */}
                  {a.operator.name ?? t`system`}
                </td>
                <td>{AUDIT_LABELS[a.action] ? i18n._(AUDIT_LABELS[a.action]!) : a.action}</td>
                <td>{a.target ? `${a.target.name ?? ""} (#${a.target.id})` : ""}</td>
                <td>{a.note}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>

      <Modal show={open} onHide={close} onExited={() => setPending(null)} centered aria-labelledby={`${noteId}-title`}>
        {pending && (
          <>
            <Modal.Header closeButton closeLabel={t`Close`}>
              <Modal.Title id={`${noteId}-title`}>
                {i18n._({ ...ACTION_TITLES[pending.kind], values: { name: pending.name } })}
              </Modal.Title>
            </Modal.Header>
            <Modal.Body>
              <p>{i18n._(ACTION_EXPLANATIONS[pending.kind])}</p>
              <Form.Group controlId={noteId}>
                <Form.Label>
                  <Trans>Note (optional, kept in the audit)</Trans>
                </Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  maxLength={1000}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </Form.Group>
            </Modal.Body>
            <Modal.Footer>
              <PendingButton variant="outline-secondary" onClick={close} pending={busy}>
                <Trans>Cancel</Trans>
              </PendingButton>
              <PendingButton
                variant={pending.kind === "reinstate" ? "success" : "danger"}
                onClick={confirm}
                pending={busy}
              >
                <Trans>Confirm</Trans>
              </PendingButton>
            </Modal.Footer>
          </>
        )}
      </Modal>
    </div>
  );
}

interface SnapshotMessage {
  seq: number;
  senderId: number;
  body: string;
  gift: string | null;
}
interface SnapshotShape {
  profile?: { id: number; name: string; note?: string; mainImage?: string | null; photos?: Array<string | null> };
  message?: SnapshotMessage;
  before?: SnapshotMessage[];
  messages?: SnapshotMessage[];
  complaint?: string;
}

/** The copy of what was reported, as it was when the report was made. */
function Snapshot({ report }: { report: QueuedReport }) {
  const { t } = useLingui();
  const s = (report.snapshot ?? {}) as SnapshotShape;
  // The profile's other photos as the reporter saw them (private ones signed for this operator).
  const photos = (s.profile?.photos ?? []).filter((u): u is string => !!u && u !== s.profile?.mainImage).slice(0, 8);
  const lines = s.message ? [...(s.before ?? []), s.message] : (s.messages ?? []);
  const reportedId = report.reported?.id;
  const profileShown =
    report.subject === "profile" && (!!s.profile?.note || !!s.profile?.mainImage || photos.length > 0);
  if (!profileShown && lines.length === 0) {
    return (
      <p className="text-body-secondary small mb-0">
        {report.subject === "profile" ? (
          <Trans>The profile had no text and no photos when it was reported.</Trans>
        ) : (
          <Trans>No messages were kept with this report.</Trans>
        )}
      </p>
    );
  }
  return (
    <div className="bg-body-tertiary rounded p-2 small">
      {s.profile?.note && report.subject === "profile" && <p className="mb-1">“{s.profile.note}”</p>}
      {s.profile?.mainImage && report.subject === "profile" && (
        <img src={s.profile.mainImage} alt="" width={64} height={64} className="rounded object-fit-cover" />
      )}
      {report.subject === "profile" && photos.length > 0 && (
        <div className="d-flex flex-wrap gap-1 mt-1">
          {photos.map((url, i) => (
            <img
              key={url}
              src={url}
              alt={t`Photo ${i + 1} of ${s.profile?.name ?? ""}`}
              width={48}
              height={48}
              loading="lazy"
              className="rounded object-fit-cover"
            />
          ))}
        </div>
      )}
      {lines.length > 0 && (
        <ol className="list-unstyled mb-0">
          {lines.map((m) => (
            <li key={m.seq} className={m === s.message ? "fw-semibold" : ""}>
              <span className="text-body-secondary">{m.senderId === reportedId ? report.reported?.name : "→"}:</span>{" "}
              {m.gift ? `🎁 ${m.gift}` : m.body}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
