import { Card, Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoadingState } from "../../../components/ui/states";
import { useMe } from "../../../lib/api/use-me";
import { useUpdateSettings } from "../../../lib/api/use-update-settings";
import { activateLocale } from "../../../lib/i18n";
import { LOCALE_NAMES, LOCALES, type Locale } from "../../../lib/constants";

/** §2 /notifications (Settings): interface language (§4: saved to the account) and chat options (§9). */
export function SettingsPage() {
  const { me } = useMe();
  const { i18n } = useLingui();
  const save = useUpdateSettings();
  if (!me) return <LoadingState />;
  return (
    <section aria-labelledby="settings-title" className="mx-auto" style={{ maxWidth: 640 }}>
      <h1 id="settings-title" className="h3 mb-3">
        <Trans>Settings</Trans>
      </h1>
      <Card className="shadow-sm border-0">
        <Card.Body className="p-4">
          <Form.Group className="mb-4" controlId="settings-language">
            <Form.Label>
              <Trans>Language</Trans>
            </Form.Label>
            <Form.Select
              value={i18n.locale}
              onChange={async (e) => {
                const language = e.target.value as Locale;
                await activateLocale(language);
                save.mutate({ language });
              }}
            >
              {LOCALES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Check
            type="switch"
            id="settings-send-with-enter"
            label={<Trans>Send chat messages with Enter</Trans>}
            checked={me.sendWithEnter}
            onChange={(e) => save.mutate({ sendWithEnter: e.target.checked })}
          />
          {save.isSuccess && (
            <p role="status" className="text-success small mt-3 mb-0">
              <Trans>Saved.</Trans>
            </p>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
