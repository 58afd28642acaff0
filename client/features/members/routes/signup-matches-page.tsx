import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useMe } from "../../../lib/api/use-me";
import { useSearchMembers } from "../api/use-search-members";
import { defaultGenderFilter } from "../search-input";
import { ProfileCardGrid } from "../components/profile-card-grid";
import "../members.css";

/** How many suggestions the page shows. */
const SUGGESTIONS = 12;

/**
 * §2 /signup-matches: members suggested right after the signup steps. The member search itself
 * (members.search, with its one visibility rule): the gender the member looks for (else the other
 * one), in the member's country, newest active first.
 */
export function SignupMatchesPage() {
  const { t } = useLingui();
  const { me } = useMe();
  const errorText = useErrorText();
  const gender = defaultGenderFilter(me);
  const search = useSearchMembers({ gender, country: me?.country ?? undefined, page: 1, pageSize: SUGGESTIONS });

  return (
    <section aria-labelledby="signup-matches-title">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <div>
          <h1 id="signup-matches-title" className="h3 mb-1">
            <Trans>Members you may like</Trans>
          </h1>
          <p className="text-body-secondary mb-0">
            <Trans>Say hello or send a like: active members near you.</Trans>
          </p>
        </div>
        <Link to={paths.members} className="btn btn-primary">
          <Trans>Search all members</Trans>
        </Link>
      </div>
      {search.isLoading ? (
        <LoadingState />
      ) : !search.data ? (
        <ErrorState message={errorText(search.error)} onRetry={() => void search.refetch()} />
      ) : search.data.items.length === 0 ? (
        <EmptyState title={<Trans>No members near you yet</Trans>}>
          <Link to={paths.members}>
            <Trans>Search all members</Trans>
          </Link>
        </EmptyState>
      ) : (
        <ProfileCardGrid profiles={search.data.items} label={t`Suggested members`} />
      )}
    </section>
  );
}
