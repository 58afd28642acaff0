import { Trans } from "@lingui/react/macro";
import { NotEnoughCreditsModal as CreditsModal } from "../../../components/ui/credits-modals";

/** §2 not-enough-credits popup in chat: nothing was sent or charged; offers to buy credits. */
export function NotEnoughCreditsModal({
  show,
  onClose,
  onExited,
  cost,
  gift = false,
}: {
  show: boolean;
  onClose: () => void;
  onExited?: () => void;
  cost: number;
  gift?: boolean;
}) {
  return (
    <CreditsModal show={show} onClose={onClose} onExited={onExited}>
      {gift ? (
        <Trans>A gift costs {cost} credits. Your gift was not sent. Get credits to surprise them.</Trans>
      ) : (
        <Trans>
          A message costs {cost} credits. Your message was not sent. Get credits to keep the conversation going.
        </Trans>
      )}
    </CreditsModal>
  );
}
