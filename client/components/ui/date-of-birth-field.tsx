import { useCallback, useEffect, useRef, useState, type Ref } from "react";
import { Button, Form, Modal } from "react-bootstrap";
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from "react-hook-form";
import { Trans, useLingui } from "@lingui/react/macro";
import { datePartOrder, datePartsOf, isoDateOf, monthNames, type DatePart, type DateParts } from "../../lib/dates";

interface DateOfBirthFieldProps {
  /** Prefix of the ids: `<id>-day`, `<id>-month`, `<id>-year`, and `<id>-error` for the error text. */
  id: string;
  /** The date as 'YYYY-MM-DD'; '' when empty, 'invalid' while the parts name no date (isoDateOf). */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Given to the first part in the page's order, so a form can focus the field on an error. */
  inputRef?: Ref<HTMLInputElement | HTMLSelectElement>;
  /** The error to show under the three parts (the §5 minimum-age message); none when valid. */
  error?: string;
  /**
   * The form's count of submits (react-hook-form's `formState.submitCount`). A submit made while
   * the parts name no date opens §5's popup for an invalid birth date, once per submit.
   */
  submitCount?: number;
}

/** Parts typed as digits, at most `max` of them ('٣' and other digits are not ASCII: dropped). */
const digits = (text: string, max: number) => text.replace(/[^0-9]/g, "").slice(0, max);

/**
 * Date of birth as three parts, day, month and year, in the order of the page's language (§1's
 * seven languages; §3 signup form and profile; §5 minimum age). A native date field draws its
 * format ('mm/dd/yyyy') in the browser's language, not the member's, and on phones opens a
 * calendar at today, thirty years of swiping from a birth date. Three labelled parts in a
 * fieldset named 'Date of birth' (the pattern public services use for memorable dates): day and
 * year typed with the numeric keypad, the month chosen by name, each with the browser's
 * birthday autofill.
 *
 * Props: see DateOfBirthFieldProps. Reports 'YYYY-MM-DD' when the parts name a real date, ''
 * when all are empty and 'invalid' otherwise; the form's rule then refuses it with its message,
 * and a submit of an invalid one opens §5's popup (a dialog named 'Check your date of birth').
 */
export function DateOfBirthField({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  submitCount = 0,
}: DateOfBirthFieldProps) {
  const { t, i18n } = useLingui();
  const [parts, setParts] = useState<DateParts>(() => datePartsOf(value));
  // A value set from outside (a profile loaded, a form reset) replaces what was typed.
  useEffect(() => {
    setParts((typed) => (isoDateOf(typed) === (value ?? "") ? typed : datePartsOf(value)));
  }, [value]);
  // §5: an invalid birth date gives a popup (a missing one, or one under the minimum age, is told
  // under the field). Closing it puts the focus on the date's first part, to correct it.
  const [popupOpen, setPopupOpen] = useState(false);
  const firstPart = useRef<HTMLInputElement | HTMLSelectElement | null>(null);
  const firstPartRef = useCallback(
    (element: HTMLInputElement | HTMLSelectElement | null) => {
      firstPart.current = element;
      if (typeof inputRef === "function") inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );
  const seenSubmits = useRef(submitCount);
  useEffect(() => {
    if (submitCount === seenSubmits.current) return;
    seenSubmits.current = submitCount;
    if (value === "invalid") setPopupOpen(true);
  }, [submitCount, value]);

  const update = (part: DatePart, text: string) => {
    const next = { ...parts, [part]: text };
    setParts(next);
    onChange(isoDateOf(next));
  };
  const invalid = error !== undefined;
  const errorId = `${id}-error`;
  const common = (part: DatePart) => ({
    id: `${id}-${part}`,
    onBlur,
    isInvalid: invalid,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? errorId : undefined,
  });

  const field = (part: DatePart, index: number) => {
    if (part === "month")
      return (
        <div key={part} className="dob-part dob-month">
          <Form.Label htmlFor={`${id}-month`} className="small mb-1">
            <Trans>Month</Trans>
          </Form.Label>
          <Form.Select
            {...common(part)}
            ref={index === 0 ? firstPartRef : undefined}
            autoComplete="bday-month"
            value={parts.month}
            onChange={(e) => update("month", e.target.value)}
          >
            <option value="">{t`Month`}</option>
            {monthNames(i18n.locale).map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </Form.Select>
        </div>
      );
    const isDay = part === "day";
    return (
      <div key={part} className={isDay ? "dob-part dob-day" : "dob-part dob-year"}>
        <Form.Label htmlFor={`${id}-${part}`} className="small mb-1">
          {isDay ? <Trans>Day</Trans> : <Trans>Year</Trans>}
        </Form.Label>
        <Form.Control
          {...common(part)}
          ref={index === 0 ? firstPartRef : undefined}
          type="text"
          inputMode="numeric"
          autoComplete={isDay ? "bday-day" : "bday-year"}
          maxLength={isDay ? 2 : 4}
          value={parts[part]}
          onChange={(e) => update(part, digits(e.target.value, isDay ? 2 : 4))}
        />
      </div>
    );
  };

  return (
    <fieldset className="dob-field" aria-describedby={invalid ? errorId : undefined}>
      <legend className="form-label fs-6 mb-1">
        <Trans>Date of birth</Trans>
      </legend>
      <div className="d-flex gap-2">{datePartOrder(i18n.locale).map(field)}</div>
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      <Modal
        show={popupOpen}
        onHide={() => setPopupOpen(false)}
        restoreFocus={false}
        onExited={() => firstPart.current?.focus()}
        centered
        aria-labelledby={`${id}-popup-title`}
      >
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title id={`${id}-popup-title`} className="h5">
            <Trans>Check your date of birth</Trans>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Trans>This date does not exist. Check the day, the month and the year.</Trans>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="primary" onClick={() => setPopupOpen(false)}>
            <Trans>OK</Trans>
          </Button>
        </Modal.Footer>
      </Modal>
    </fieldset>
  );
}

/**
 * DateOfBirthField bound to a react-hook-form field (§3 signup form, /profile): its value, error,
 * focus on error and submit count come from the form. Props: useController's (`control`, `name`,
 * `rules`), and `id`, the prefix of the field's ids.
 */
export function DateOfBirthFormField<T extends FieldValues, N extends FieldPath<T>>({
  id,
  ...controller
}: UseControllerProps<T, N> & { id: string }) {
  const { field, fieldState, formState } = useController(controller);
  return (
    <DateOfBirthField
      id={id}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      submitCount={formState.submitCount}
    />
  );
}
