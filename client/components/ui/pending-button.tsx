import type { MouseEvent } from "react";
import { Button, type ButtonProps } from "react-bootstrap";

/**
 * A button that keeps the keyboard focus while its action runs. A `disabled` button loses the
 * focus the moment it is pressed (the browser moves it to the page's body, WCAG 2.4.3), so a
 * keyboard or screen-reader user would start again from the top of the page after every Like,
 * Save or Send. While `pending`, this one is `aria-disabled` and drawn as disabled, and a press
 * (a click, Enter or Space, or a form's implicit submission) does nothing.
 *
 * Props: react-bootstrap's Button props, plus `pending` (true while the action runs).
 * `disabled` stays for a button that truly cannot be used (it is then not focusable).
 */
export function PendingButton({
  pending,
  onClick,
  className,
  ...props
}: ButtonProps & { pending: boolean; onClick?: (e: MouseEvent<HTMLButtonElement>) => void }) {
  return (
    <Button
      {...props}
      aria-disabled={pending || undefined}
      className={pending ? `${className ?? ""} disabled`.trim() : className}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        if (pending) {
          e.preventDefault(); // also stops a submit button's form from being sent again
          return;
        }
        onClick?.(e);
      }}
    />
  );
}
