import { Trans } from "@lingui/react/macro";
import { useRequestReactivation } from "../../lib/api/use-request-reactivation";
import { PendingButton } from "./pending-button";

/**
 * §8 "account pending deletion" at login or signup: offer to mail the reactivation link to the
 * address typed. The answer is the same for any address.
 */
export function ReactivationOffer({ email }: { email: string }) {
  const request = useRequestReactivation();
  if (request.isSuccess)
    return (
      <p role="status" className="mb-0 mt-2">
        <Trans>We sent a link to reactivate your account to {email}.</Trans>
      </p>
    );
  return (
    <PendingButton
      variant="link"
      className="p-0 mt-2 align-baseline"
      onClick={() => request.mutate({ email })}
      pending={request.isPending}
    >
      <Trans>E-mail me the reactivation link</Trans>
    </PendingButton>
  );
}
