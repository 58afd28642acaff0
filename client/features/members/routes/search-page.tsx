import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "react-bootstrap";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useMe } from "../../../lib/api/use-me";
import { useSearchMembers } from "../api/use-search-members";
import { ProfileCardGrid } from "../components/profile-card-grid";
import { Pager } from "../components/pager";
import { SearchFilters } from "../components/search-filters";
import { filtersFrom, searchInputOf, type FilterValues } from "../search-input";
import "../members.css";

/** The results list, where a search or a page change moves the focus. */
const RESULTS_ID = "search-results";

/**
 * §2 /members: search members (the logged-in home). Filters live in the URL query string
 * (gender, country, region, minAge, maxAge, page), so a search can be bookmarked, shared and
 * navigated with Back. By default: the other gender, any country, any age. "Next" carries the
 * answer's keyset cursor (`after`, issue 13: deep pages cost what page 1 costs); a page number
 * without it (a bookmark, "Previous") is read by its number.
 */
export function MembersSearchPage() {
  const { t } = useLingui();
  const { me } = useMe();
  const [params, setParams] = useSearchParams();
  const errorText = useErrorText();
  const filters = filtersFrom(params, me);
  // An age in the URL the search cannot use (outside 18–99, not a number: a hand-edited link) is
  // searched as "any", and shown in the form with its message rather than dropped silently.
  const urlAge = (k: "minAge" | "maxAge") => params.get(k)?.trim() ?? "";
  const unusedAge = (["minAge", "maxAge"] as const).some((k) => urlAge(k) !== "" && filters[k] === "");
  const formInitial = unusedAge
    ? { ...filters, minAge: filters.minAge || urlAge("minAge"), maxAge: filters.maxAge || urlAge("maxAge") }
    : filters;
  const search = useSearchMembers(searchInputOf(params, me));
  const data = search.data;
  // A search or a page asked for by the member moves the focus to its results once they are in:
  // the form is rebuilt for the new filters and the pager's buttons wait disabled, so the focus
  // would otherwise drop to the page (WCAG 2.4.3).
  const focusResults = useRef(false);
  useEffect(() => {
    if (!focusResults.current || !data || search.isPlaceholderData) return;
    focusResults.current = false;
    document.getElementById(RESULTS_ID)?.focus({ preventScroll: true });
  }, [data, search.isPlaceholderData]);

  const apply = (f: FilterValues, nextPage = 1, after?: string) => {
    const next = new URLSearchParams();
    next.set("gender", f.gender);
    if (f.country) next.set("country", f.country);
    if (f.country && f.region) next.set("region", f.region);
    if (f.minAge) next.set("minAge", f.minAge);
    if (f.maxAge) next.set("maxAge", f.maxAge);
    if (nextPage > 1) next.set("page", String(nextPage));
    if (nextPage > 1 && after) next.set("after", after);
    // A new search or page moves the focus to its results once they are in (the effect above); the same
    // search again leaves it where it is.
    if (next.toString() !== params.toString()) focusResults.current = true;
    setParams(next);
  };
  const goToPage = (p: number) => {
    // Forward by one page: from the cursor of the page on screen.
    const after = data && p === data.page + 1 ? (data.nextCursor ?? undefined) : undefined;
    apply(filters, p, after);
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  const formKey = JSON.stringify(formInitial);
  const pageCount = data && !data.totalCapped ? Math.max(1, Math.ceil(data.total / data.pageSize)) : null;

  return (
    <section aria-labelledby="search-title">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 id="search-title" className="h3 mb-0">
          <Trans>Search members</Trans>
        </h1>
        {data && (
          <p className="text-body-secondary small mb-0" aria-live="polite">
            {data.totalCapped ? (
              <Trans>More than {data.total} members found</Trans>
            ) : (
              <Plural value={data.total} one="# member found" other="# members found" />
            )}
          </p>
        )}
      </div>
      {me && (
        <nav aria-label={t`More ways to meet`} className="d-flex flex-wrap gap-2 mb-3">
          <Link to={paths.matchFinder} className="btn btn-sm btn-outline-primary rounded-pill">
            <Trans>Match finder</Trans>
          </Link>
          <Link to={paths.swipeGame} className="btn btn-sm btn-outline-primary rounded-pill">
            <Trans>Swipe game</Trans>
          </Link>
        </nav>
      )}
      <SearchFilters key={formKey} initial={formInitial} showErrors={unusedAge} onSearch={(f) => apply(f)} />
      {search.isLoading ? (
        <LoadingState />
      ) : search.error ? (
        <ErrorState message={errorText(search.error)} onRetry={() => void search.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title={<Trans>No members match your search</Trans>}>
          <p>
            <Trans>Try a wider age range, another region or any country.</Trans>
          </p>
          <Button variant="primary" onClick={() => setParams(new URLSearchParams({ gender: "any" }))}>
            <Trans>Show everyone</Trans>
          </Button>
        </EmptyState>
      ) : (
        <>
          <ProfileCardGrid
            profiles={data.items}
            label={t`Search results`}
            id={RESULTS_ID}
            stale={search.isPlaceholderData}
            busy={search.isFetching}
            wide
          />
          <Pager
            page={data.page}
            pageCount={pageCount}
            hasMore={data.hasMore}
            busy={search.isPlaceholderData}
            onPage={goToPage}
          />
        </>
      )}
    </section>
  );
}
