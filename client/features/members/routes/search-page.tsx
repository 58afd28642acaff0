import { Link, useSearchParams } from "react-router";
import { Button } from "react-bootstrap";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useMe } from "../../../lib/api/use-me";
import { useSearchMembers, type SearchMembersInput } from "../api/use-search-members";
import { ProfileCardGrid } from "../components/profile-card-grid";
import { Pager } from "../components/pager";
import { MAX_AGE, MIN_AGE, SearchFilters, type FilterValues } from "../components/search-filters";
import "../members.css";

const PAGE_SIZE = 20;

/** Read the search state from the URL; an absent gender means the other gender than the member's. */
function filtersFrom(params: URLSearchParams, myGender: "male" | "female" | null | undefined): FilterValues {
  const g = params.get("gender");
  const gender =
    g === "male" || g === "female" || g === "any"
      ? g
      : myGender === "male"
        ? "female"
        : myGender === "female"
          ? "male"
          : "any";
  const age = (k: string) => {
    const n = Number(params.get(k));
    return Number.isInteger(n) && n >= MIN_AGE && n <= MAX_AGE ? String(n) : "";
  };
  const country = params.get("country")?.toUpperCase() ?? "";
  return {
    gender,
    country,
    region: country ? (params.get("region") ?? "") : "",
    minAge: age("minAge"),
    maxAge: age("maxAge"),
  };
}

/** The keyset cursor of a page reached with "Next" (members.search nextCursor), as the URL keeps it. */
function cursorFrom(params: URLSearchParams, page: number): string | undefined {
  const after = params.get("after");
  return page > 1 && after && /^\d{1,17}_\d{1,10}$/.test(after) ? after : undefined;
}

function toInput(f: FilterValues, page: number, after: string | undefined): SearchMembersInput {
  let minAge = f.minAge ? Number(f.minAge) : undefined;
  let maxAge = f.maxAge ? Number(f.maxAge) : undefined;
  if (minAge !== undefined && maxAge !== undefined && minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  return {
    gender: f.gender === "any" ? undefined : f.gender,
    country: f.country || undefined,
    region: f.region || undefined,
    minAge,
    maxAge,
    page,
    pageSize: PAGE_SIZE,
    after,
  };
}

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
  const filters = filtersFrom(params, me?.gender);
  const page = Math.max(1, Math.min(500, Math.floor(Number(params.get("page")) || 1)));
  const search = useSearchMembers(toInput(filters, page, cursorFrom(params, page)));
  const data = search.data;

  const apply = (f: FilterValues, nextPage = 1, after?: string) => {
    const next = new URLSearchParams();
    next.set("gender", f.gender);
    if (f.country) next.set("country", f.country);
    if (f.country && f.region) next.set("region", f.region);
    if (f.minAge) next.set("minAge", f.minAge);
    if (f.maxAge) next.set("maxAge", f.maxAge);
    if (nextPage > 1) next.set("page", String(nextPage));
    if (nextPage > 1 && after) next.set("after", after);
    setParams(next);
  };
  const goToPage = (p: number) => {
    // Forward by one page: from the cursor of the page on screen.
    const after = data && p === data.page + 1 ? (data.nextCursor ?? undefined) : undefined;
    apply(filters, p, after);
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  const formKey = JSON.stringify(filters);
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
      <SearchFilters key={formKey} initial={filters} onSearch={(f) => apply(f)} />
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
