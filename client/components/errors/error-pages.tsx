import { useEffect, useState } from "react";
import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { Trans } from "@lingui/react/macro";
import { paths } from "../../app/paths";
import { claimChunkReload, isChunkLoadError } from "../../lib/chunk-reload";
import { LoadingState } from "../ui/states";

/** §2 unknown routes: 'This page could not be found' with a link home. */
export function NotFoundPage() {
  return (
    <section className="text-center py-5" aria-labelledby="not-found-title">
      <p className="display-1 fw-bold text-primary mb-0" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="h3">
        <Trans>This page could not be found</Trans>
      </h1>
      <Link to={paths.home} className="btn btn-primary mt-3">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}

/**
 * §8 other route errors: the status code (default 500) and a message. A screen's code missing
 * after a deploy reloads the page once (at most once per CHUNK_RELOAD_GUARD_MS) instead.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && claimChunkReload());
  useEffect(() => {
    if (reloading) location.reload();
  }, [reloading]);
  if (reloading) return <LoadingState />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="text-center py-5" aria-labelledby="error-title">
      <p className="display-1 fw-bold text-primary mb-0">{status}</p>
      <h1 id="error-title" className="h3">
        <Trans>An error has occurred</Trans>
      </h1>
      <Link to={paths.home} className="btn btn-primary mt-3">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
