import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { Link } from "react-router";
import { Alert, Badge, Card, Form, Modal, Spinner } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useErrorText } from "../../../lib/errors";
import { LoadingState, ErrorState } from "../../../components/ui/states";
import { useMyPhotos } from "../api/use-my-photos";
import { useUploadPhoto } from "../api/use-upload-photo";
import { useSetMainPhoto } from "../api/use-set-main-photo";
import { useSetPhotoPrivate } from "../api/use-set-photo-private";
import { useDeletePhoto } from "../api/use-delete-photo";
import { PendingButton } from "../../../components/ui/pending-button";
import { FilePicker } from "../../../components/ui/file-picker";

/**
 * §2 /profile photo management: the member's own photos (never locked for them), with main,
 * private/public and delete, and an upload within the §5/§9 limit (3 free, 25 premium).
 * The server enforces every rule; this card only shows its answers. A refused upload (not an
 * image, too large…) is told under the file field, where the member is, and focus goes back to
 * the field; the photos' own buttons tell theirs above the grid.
 */
export function MyPhotosCard() {
  const { t } = useLingui();
  const describe = useErrorText();
  const photos = useMyPhotos();
  const upload = useUploadPhoto();
  const setMain = useSetMainPhoto();
  const setPrivate = useSetPhotoPrivate();
  const remove = useDeletePhoto();
  const [toDelete, setToDelete] = useState<number | null>(null);
  const [uploadPrivate, setUploadPrivate] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadErrorRef = useRef<HTMLDivElement>(null);
  const inputId = useId();

  // The field was disabled during the upload (focus left it): back to it, its message in view.
  useEffect(() => {
    if (!upload.error) return;
    fileInput.current?.focus({ preventScroll: true });
    uploadErrorRef.current?.scrollIntoView({ block: "nearest" });
  }, [upload.error]);

  if (photos.isLoading) return <LoadingState />;
  if (!photos.data) return <ErrorState message={describe(photos.error)} onRetry={() => void photos.refetch()} />;

  const { count, limit, premiumLimit, paidUser } = photos.data;
  const full = count >= limit;
  const busy = upload.isPending || setMain.isPending || setPrivate.isPending || remove.isPending;
  // An upload's error goes under the file field; when there is none (the limit reached meanwhile), above.
  const failure = setMain.error ?? setPrivate.error ?? remove.error ?? (full ? upload.error : null);
  const uploadError = full ? null : upload.error;
  const hintId = `${inputId}-hint`;
  const uploadErrorId = `${inputId}-error`;

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setMain.reset();
    setPrivate.reset();
    remove.reset();
    upload.mutate(
      { file, isPrivate: uploadPrivate },
      {
        onSettled: () => {
          if (fileInput.current) fileInput.current.value = "";
        },
      },
    );
  };
  const confirmDelete = () => {
    if (toDelete === null) return;
    upload.reset();
    remove.mutate({ photoId: toDelete }, { onSettled: () => setToDelete(null) });
  };

  return (
    <Card className="shadow-sm border-0 mt-4" as="section" aria-labelledby="my-photos-title">
      <Card.Body className="p-4">
        <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-2">
          <h2 id="my-photos-title" className="h4 mb-0">
            <Trans>My photos</Trans>
          </h2>
          <span className="text-body-secondary" data-testid="photo-count">
            <Trans>
              {count} of {limit} photos
            </Trans>
          </span>
        </div>

        {failure && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {describe(failure)}
          </Alert>
        )}

        {count === 0 ? (
          <p className="text-body-secondary mt-3 mb-0">
            <Trans>You have no photos yet. Members with a photo get more replies.</Trans>
          </p>
        ) : (
          <ul className="list-unstyled row row-cols-2 row-cols-sm-3 g-3 mt-1 mb-0" aria-label={t`My photos`}>
            {photos.data.photos.map((p, index) => {
              const number = index + 1;
              return (
                <li
                  key={p.id}
                  className="col"
                  aria-label={p.isMain ? t`Photo ${number} (main photo)` : t`Photo ${number}`}
                >
                  <div className="border rounded overflow-hidden h-100 d-flex flex-column">
                    <div className="position-relative">
                      {p.status === "hidden" ? (
                        <div
                          className="w-100 d-flex align-items-center justify-content-center bg-body-secondary text-body-secondary small p-2 text-center"
                          style={{ aspectRatio: "1" }}
                        >
                          <Trans>Removed by our moderators</Trans>
                        </div>
                      ) : (
                        <img
                          src={p.thumbUrl}
                          alt={p.isMain ? t`Main photo` : t`Photo ${number}`}
                          className="w-100 d-block"
                          style={{ aspectRatio: "1", objectFit: "cover" }}
                          loading="lazy"
                        />
                      )}
                      {/* The badges wrap inside a narrow photo (a 320 px phone's three a row). */}
                      <div className="position-absolute top-0 start-0 p-1 d-flex gap-1 flex-wrap">
                        {p.isMain && (
                          <Badge bg="primary" className="text-wrap text-start">
                            {t`Main photo`}
                          </Badge>
                        )}
                        {p.isPrivate && (
                          <Badge bg="dark" className="text-wrap text-start">
                            {t`Private`}
                          </Badge>
                        )}
                        {p.status === "pending" && (
                          <Badge bg="warning" text="dark" className="text-wrap text-start">
                            {t`Awaiting review`}
                          </Badge>
                        )}
                      </div>
                    </div>
                    {p.status === "pending" && (
                      <p className="small text-body-secondary px-2 pt-2 mb-0" data-testid="photo-pending">
                        <Trans>Only you can see this photo until our team has checked it.</Trans>
                      </p>
                    )}
                    <div className="d-grid gap-1 p-2 mt-auto">
                      {!p.isMain && p.status === "active" && (
                        <PendingButton
                          size="sm"
                          variant="outline-primary"
                          pending={busy}
                          onClick={() => {
                            upload.reset();
                            setMain.mutate({ photoId: p.id });
                          }}
                        >
                          <Trans>Make main photo</Trans>
                        </PendingButton>
                      )}
                      {!p.isMain && p.status !== "hidden" && (
                        <PendingButton
                          size="sm"
                          variant="outline-secondary"
                          pending={busy}
                          onClick={() => {
                            upload.reset();
                            setPrivate.mutate({ photoId: p.id, isPrivate: !p.isPrivate });
                          }}
                        >
                          {p.isPrivate ? <Trans>Make public</Trans> : <Trans>Make private</Trans>}
                        </PendingButton>
                      )}
                      <PendingButton
                        size="sm"
                        variant="outline-danger"
                        pending={busy}
                        onClick={() => setToDelete(p.id)}
                      >
                        <Trans>Delete photo</Trans>
                      </PendingButton>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}

        <hr className="my-4" />
        {full ? (
          <Alert variant="info" className="mb-0" data-testid="photo-limit">
            {paidUser ? (
              <Trans>You have reached the limit of {limit} photos. Delete a photo to add another.</Trans>
            ) : (
              <>
                {describe({ appCode: "PHOTO_LIMIT", details: { limit, premiumLimit } })}{" "}
                <Link to="/premium" className="alert-link">
                  <Trans>Get Premium</Trans>
                </Link>
              </>
            )}
          </Alert>
        ) : (
          <div>
            {/* Chosen before the file: the upload starts as soon as one is picked. */}
            <Form.Check
              className="mb-2"
              id={`${inputId}-private`}
              label={t`Add as a private photo`}
              checked={uploadPrivate}
              onChange={(e) => setUploadPrivate(e.target.checked)}
              disabled={busy}
            />
            <FilePicker
              id={inputId}
              label={<Trans>Add a photo</Trans>}
              accept="image/*"
              inputRef={fileInput}
              onChange={onFile}
              disabled={busy}
              invalid={!!uploadError}
              describedBy={uploadError ? `${uploadErrorId} ${hintId}` : hintId}
            />
            {uploadError && (
              <div ref={uploadErrorRef} id={uploadErrorId} role="alert" className="invalid-feedback d-block">
                {describe(uploadError)}
              </div>
            )}
            <Form.Text id={hintId} className="d-block">
              <Trans>JPEG, PNG, WebP, GIF or AVIF, at most 8 MB.</Trans>
            </Form.Text>
            {upload.isPending && (
              <div className="mt-2 text-body-secondary" role="status">
                <Spinner size="sm" animation="border" className="me-2" />
                <Trans>Uploading…</Trans>
              </div>
            )}
          </div>
        )}
      </Card.Body>

      <Modal show={toDelete !== null} onHide={() => setToDelete(null)} centered aria-labelledby="delete-photo-title">
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title id="delete-photo-title">
            <Trans>Delete this photo?</Trans>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Trans>The photo is removed from your profile for good.</Trans>
        </Modal.Body>
        <Modal.Footer>
          <PendingButton variant="outline-secondary" onClick={() => setToDelete(null)} pending={remove.isPending}>
            <Trans>Cancel</Trans>
          </PendingButton>
          <PendingButton variant="danger" onClick={confirmDelete} pending={remove.isPending}>
            <Trans>Delete</Trans>
          </PendingButton>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}
