import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { NotEnoughCreditsModal, PremiumOnlyModal } from "../../../components/ui/credits-modals";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf } from "../../../lib/trpc";
import type { RouterOutputs } from "../../../lib/router-types";
import { useUnlockPhoto } from "../api/use-unlock-photo";
import { PendingButton } from "../../../components/ui/pending-button";

/** One photo of a profile as members.get answers it: viewable (url) or locked (blurred, how to unlock). */
export type GalleryPhoto = RouterOutputs["members"]["get"]["photos"][number];

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 1a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V11a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5Zm-3 5a3 3 0 1 1 6 0v3H9V6Zm3 8a2 2 0 0 1 1 3.73V20h-2v-2.27A2 2 0 0 1 12 14Z"
      />
    </svg>
  );
}

/**
 * §2 profile photo thumbnails. The server decides what this member may see: a locked photo
 * comes with only its blurred thumbnail and shows the lock overlay (§1, §6: free members see
 * limited photos); an open one enlarges in a viewer, where the arrow keys and a sideways swipe
 * (touch, pen or mouse, over 50 px) go to the previous or next photo, as the buttons do.
 */
export function PhotoGallery({ photos, name }: { photos: GalleryPhoto[]; name: string }) {
  const { t } = useLingui();
  // The photo shown in the viewer; it stays set while the viewer fades out (its title keeps the
  // photo's number), `viewerShown` is whether the viewer shows.
  const [open, setOpen] = useState<number | null>(null);
  const [viewerShown, setViewerShown] = useState(false);
  // A locked photo opens with premium (§6: premium-only popup), or — private — for photo_credits.
  // The photo asked about stays set while the dialog fades out (its text keeps the price).
  const [asking, setAsking] = useState<Extract<GalleryPhoto, { locked: true }> | null>(null);
  const [askingOpen, setAskingOpen] = useState(false);
  // The locked photo's button the member pressed: the focus returns there after the
  // not-enough-credits popup, which opens from the unlock dialog (gone by then).
  const lockedButton = useRef<HTMLButtonElement | null>(null);
  const [popup, setPopup] = useState<"premium" | "credits" | null>(null);
  const unlock = useUnlockPhoto();
  const errorText = useErrorText();
  const confirmUnlock = () => {
    if (!asking || !askingOpen) return;
    unlock.mutate(
      { photoId: asking.id },
      {
        onSuccess: () => setAskingOpen(false),
        onError: (err) => {
          const code = appCodeOf(err);
          if (code === "NOT_ENOUGH_CREDITS" || code === "PREMIUM_ONLY") {
            setAskingOpen(false);
            setPopup(code === "PREMIUM_ONLY" ? "premium" : "credits");
          }
        },
      },
    );
  };
  const viewable = photos.filter((p): p is Extract<GalleryPhoto, { locked: false }> => !p.locked);
  const current = open === null ? undefined : viewable[open];
  const lockedCount = photos.length - viewable.length;
  const step = (by: 1 | -1) => setOpen((o) => (o === null ? o : (o + by + viewable.length) % viewable.length));
  const stepRef = useRef(step);
  stepRef.current = step;
  const viewerOpen = viewerShown && current !== undefined;
  const several = viewable.length > 1;
  useEffect(() => {
    if (!viewerOpen || !several) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "ArrowRight") stepRef.current(1);
      else if (e.key === "ArrowLeft") stepRef.current(-1);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [viewerOpen, several]);
  const swipeFrom = useRef<{ x: number; y: number } | null>(null);

  return (
    <>
      <ul className="member-photos list-unstyled mb-0" aria-label={t`Photos`}>
        {photos.map((p) => {
          if (p.locked) {
            return (
              <li key={p.id}>
                <button
                  type="button"
                  className="member-photo member-photo-locked"
                  onClick={(e) => {
                    lockedButton.current = e.currentTarget;
                    unlock.reset();
                    if (p.unlock === "credits") {
                      setAsking(p);
                      setAskingOpen(true);
                    } else setPopup("premium");
                  }}
                  aria-label={
                    p.unlock === "credits"
                      ? t`Private photo: unlock for ${p.unlockCredits} credits`
                      : t`Photo visible for premium members`
                  }
                >
                  <img src={p.blurredUrl} alt="" loading="lazy" width={160} height={160} />
                  <span className="member-photo-lock" aria-hidden="true">
                    <LockIcon />
                  </span>
                  {p.unlock === "credits" && (
                    <span className="member-photo-price" aria-hidden="true">
                      {t`${p.unlockCredits} credits`}
                    </span>
                  )}
                </button>
              </li>
            );
          }
          const index = viewable.indexOf(p);
          return (
            <li key={p.id}>
              <button
                type="button"
                className="member-photo"
                onClick={() => {
                  setOpen(index);
                  setViewerShown(true);
                }}
                aria-label={t`Open photo ${index + 1} of ${viewable.length}`}
              >
                <img src={p.thumbUrl} alt="" loading="lazy" width={160} height={160} />
              </button>
            </li>
          );
        })}
      </ul>
      {lockedCount > 0 && (
        <p className="small mt-3 mb-0">
          <Link to={paths.premium} className="fw-semibold">
            <Trans>Get Premium to see all photos</Trans>
          </Link>
        </p>
      )}
      <Modal
        show={askingOpen}
        onHide={() => setAskingOpen(false)}
        onExited={() => setAsking(null)}
        centered
        aria-labelledby="unlock-photo-title"
      >
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title id="unlock-photo-title" as="h2" className="h5">
            <Trans>Unlock a private photo</Trans>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">
            <Trans>
              {name} shares this photo privately. See it for {asking?.unlockCredits} credits; it stays open for you.
            </Trans>
          </p>
          {unlock.error && appCodeOf(unlock.error) !== "NOT_ENOUGH_CREDITS" && (
            <p className="text-danger small mt-2 mb-0" role="alert">
              {errorText(unlock.error)}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setAskingOpen(false)}>
            <Trans>Not now</Trans>
          </Button>
          <PendingButton onClick={confirmUnlock} pending={unlock.isPending}>
            <Trans>Unlock for {asking?.unlockCredits} credits</Trans>
          </PendingButton>
        </Modal.Footer>
      </Modal>
      <PremiumOnlyModal show={popup === "premium"} onClose={() => setPopup(null)}>
        <Trans>Premium members see all photos.</Trans>
      </PremiumOnlyModal>
      <NotEnoughCreditsModal
        show={popup === "credits"}
        onClose={() => setPopup(null)}
        onExited={() => lockedButton.current?.focus()}
      >
        <Trans>Unlocking a private photo costs credits. Nothing was charged.</Trans>
      </NotEnoughCreditsModal>
      <Modal
        show={viewerOpen}
        onHide={() => setViewerShown(false)}
        onExited={() => setOpen(null)}
        centered
        size="lg"
        aria-labelledby="photo-viewer-title"
      >
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title id="photo-viewer-title" as="h2" className="h6">
            {open !== null && (
              <Trans>
                Photo {open + 1} of {viewable.length}
              </Trans>
            )}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="p-0 bg-dark text-center">
          {current && (
            <img
              src={current.url}
              alt={t`Photo of ${name}`}
              className="img-fluid member-photo-full"
              width={480}
              height={480}
              draggable={false}
              onPointerDown={(e) => {
                swipeFrom.current = { x: e.clientX, y: e.clientY };
              }}
              onPointerCancel={() => {
                swipeFrom.current = null;
              }}
              onPointerUp={(e) => {
                const from = swipeFrom.current;
                swipeFrom.current = null;
                if (!from || !several) return;
                const dx = e.clientX - from.x;
                // Sideways more than down: a swipe (a vertical drag scrolls the page instead).
                if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(e.clientY - from.y)) step(dx < 0 ? 1 : -1);
              }}
            />
          )}
        </Modal.Body>
        {several && open !== null && (
          <Modal.Footer className="justify-content-between">
            <Button variant="outline-secondary" onClick={() => step(-1)}>
              <Trans>Previous photo</Trans>
            </Button>
            <Button variant="outline-secondary" onClick={() => step(1)}>
              <Trans>Next photo</Trans>
            </Button>
          </Modal.Footer>
        )}
      </Modal>
    </>
  );
}
