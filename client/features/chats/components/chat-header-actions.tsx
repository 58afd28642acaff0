import { useState } from "react";
import { Button, Dropdown } from "react-bootstrap";
import { useLingui } from "@lingui/react/macro";
import { BlockMemberDialog } from "../../../components/block-member-button";
import { ReportDialog } from "../../../components/ui/report-dialog";

/**
 * "Report" and "Block" in a chat's header (§4 blocking, issue 10 reports). On a wider screen two
 * buttons with their words; on a phone, where the name needs the room, one "⋯" button ("More
 * actions") opens a menu with the same words, so neither hides behind an unexplained icon (UX
 * review #15). Report (the whole conversation, its latest messages kept) is offered once the
 * chat has a conversation. Both open their confirmation dialogs; the accessible names stay
 * "Report this chat with {name}" and "Block {name}".
 */
export function ChatHeaderActions({
  blockProfileId,
  name,
  conversationId,
  chatSettings,
  onBlocked,
}: {
  blockProfileId: number | null;
  name: string;
  conversationId: number | null;
  chatSettings?: { open: boolean; onToggle: () => void };
  onBlocked: () => void;
}) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState<"report" | "block" | null>(null);
  const reportName = t`Report this chat with ${name}`;
  const blockName = t`Block ${name}`;
  return (
    <div className="ms-auto flex-shrink-0">
      <div className="d-none d-sm-flex gap-2">
        {conversationId !== null && (
          <Button variant="outline-secondary" size="sm" onClick={() => setDialog("report")} aria-label={reportName}>
            {t`Report`}
          </Button>
        )}
        {blockProfileId !== null && (
          <Button variant="outline-danger" size="sm" onClick={() => setDialog("block")} aria-label={blockName}>
            {t`Block`}
          </Button>
        )}
      </div>
      {/* Drawn in place, like the top bar's menus: Popper is not in the build (scripts/vite-no-popper.ts). */}
      <Dropdown align={{ xs: "end" }} className="d-sm-none">
        <Dropdown.Toggle
          variant="outline-secondary"
          size="sm"
          className="chat-more-toggle"
          aria-label={t`More actions`}
          title={t`More actions`}
        >
          <span aria-hidden="true">⋯</span>
        </Dropdown.Toggle>
        <Dropdown.Menu className="chat-more-menu">
          {conversationId !== null && (
            <Dropdown.Item as="button" onClick={() => setDialog("report")} aria-label={reportName}>
              {t`Report`}
            </Dropdown.Item>
          )}
          {chatSettings && (
            <Dropdown.Item as="button" onClick={chatSettings.onToggle}>
              {chatSettings.open ? t`Hide chat settings` : t`Chat settings`}
            </Dropdown.Item>
          )}
          {blockProfileId !== null && (
            <Dropdown.Item
              as="button"
              className="text-danger"
              onClick={() => setDialog("block")}
              aria-label={blockName}
            >
              {t`Block`}
            </Dropdown.Item>
          )}
        </Dropdown.Menu>
      </Dropdown>
      {conversationId !== null && (
        <ReportDialog
          show={dialog === "report"}
          onHide={() => setDialog(null)}
          target={{ subject: "chat", conversationId }}
          title={t`Report ${name}`}
        />
      )}
      {blockProfileId !== null && (
        <BlockMemberDialog
          show={dialog === "block"}
          onHide={() => setDialog(null)}
          profileId={blockProfileId}
          name={name}
          onBlocked={onBlocked}
        />
      )}
    </div>
  );
}
