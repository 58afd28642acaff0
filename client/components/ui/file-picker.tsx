import { useState, type ChangeEvent, type ReactNode, type Ref } from "react";
import { Trans } from "@lingui/react/macro";

interface FilePickerProps {
  /** The input's id; the button-like label points at it. */
  id: string;
  /** The visible label, drawn as an outlined button: the input's accessible name. */
  label: ReactNode;
  /** The input's `accept` list (MIME types or `image/*`). */
  accept: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the texts that describe the input (its error first, then a hint). */
  describedBy?: string;
  /** Show the chosen file's name beside the button ("No photo chosen" before one is chosen). */
  showFileName?: boolean;
}

/**
 * A file field in the page's own language (§1: seven interface languages). A native
 * `<input type="file">` draws its button and its "No file chosen" in the browser's language,
 * whatever language the member chose; here the input lies, transparent, over a label drawn as a
 * button, so a click or a tap anywhere on it is the input's own (it opens the picker), the
 * keyboard focuses the input itself (its focus ring is drawn on the label), and assistive
 * technology meets a real file input named by the label.
 *
 * Props: see FilePickerProps. The chosen file is read from the input (`inputRef`, `onChange`),
 * as with a plain input.
 */
export function FilePicker({
  id,
  label,
  accept,
  inputRef,
  onChange,
  disabled,
  invalid,
  describedBy,
  showFileName,
}: FilePickerProps) {
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <div className="file-picker d-flex flex-wrap align-items-center gap-2">
      <span className="file-picker-control">
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={accept}
          className="file-picker-input"
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setFileName(e.target.files?.[0]?.name ?? null);
            onChange?.(e);
          }}
        />
        <label htmlFor={id} className={`btn ${invalid ? "btn-outline-danger" : "btn-outline-primary"}`}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" className="me-2 file-picker-icon">
            <path
              fill="currentColor"
              d="M9 3 7.17 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.17L15 3H9Zm3 15a5 5 0 1 1 0-10 5 5 0 0 1 0 10Zm0-2a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z"
            />
          </svg>
          {label}
        </label>
      </span>
      {showFileName && (
        <span className="file-picker-name text-body-secondary text-break" aria-hidden="true">
          {fileName ?? <Trans>No photo chosen</Trans>}
        </span>
      )}
    </div>
  );
}
