import { Link } from "react-router";
import { Trans } from "@lingui/react/macro";
import { DeleteAccountSection } from "../components/delete-account-section";
import { paths } from "../../../app/paths";

/** /settings/delete: the "Delete account" section of the settings (§2), on its own page. */
export function DeleteAccountPage() {
  return (
    <section className="mx-auto" style={{ maxWidth: 640 }}>
      <p>
        <Link to={paths.settings}>
          ← <Trans>Settings</Trans>
        </Link>
      </p>
      <DeleteAccountSection />
    </section>
  );
}
