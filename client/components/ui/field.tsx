import { useContext, type ComponentProps, type ReactNode } from "react";
import { Form } from "react-bootstrap";
import FormContext from "react-bootstrap/FormContext";

/**
 * Form controls whose error reaches assistive technology (WCAG 2.2: 1.3.1, 3.3.1, 4.1.2).
 * react-bootstrap's `isInvalid` only colours a control and shows its Feedback: a screen reader
 * heard neither that the field was refused nor why. Inside a `Form.Group controlId="x"`:
 *  - FieldControl / FieldSelect: Form.Control / Form.Select that, while `isInvalid`, carry
 *    `aria-invalid` and are described by their own `aria-describedby` (a help text) and the
 *    group's error (`x-error`);
 *  - FieldFeedback: the group's error text (Form.Control.Feedback type invalid, id `x-error`).
 * Outside a group with a controlId they behave as the react-bootstrap components they wrap.
 */

/** The id of the error text of the Form.Group with `controlId`. */
const errorIdOf = (controlId: string | undefined) => (controlId ? `${controlId}-error` : undefined);

/**
 * aria-invalid and aria-describedby for a control that is `invalid`, in the group of `controlId`:
 * described by the caller's own `describedBy` (a help text) and then by the group's error.
 */
function invalidProps(invalid: boolean | undefined, controlId: string | undefined, describedBy: string | undefined) {
  if (!invalid) return { "aria-describedby": describedBy };
  const ids = new Set([...(describedBy?.split(" ") ?? []), errorIdOf(controlId)].filter(Boolean));
  return { "aria-invalid": true as const, "aria-describedby": ids.size > 0 ? [...ids].join(" ") : undefined };
}

/** Form.Control whose `isInvalid` is announced with the group's error (FieldFeedback). */
export function FieldControl(props: ComponentProps<typeof Form.Control>) {
  const { controlId } = useContext(FormContext) as { controlId?: string };
  return <Form.Control {...props} {...invalidProps(props.isInvalid, controlId, props["aria-describedby"])} />;
}

/** Form.Select whose `isInvalid` is announced with the group's error (FieldFeedback). */
export function FieldSelect(props: ComponentProps<typeof Form.Select>) {
  const { controlId } = useContext(FormContext) as { controlId?: string };
  return <Form.Select {...props} {...invalidProps(props.isInvalid, controlId, props["aria-describedby"])} />;
}

/** The group's error text, shown while its control is invalid (id `<controlId>-error`). */
export function FieldFeedback({ children }: { children?: ReactNode }) {
  const { controlId } = useContext(FormContext) as { controlId?: string };
  return (
    <Form.Control.Feedback type="invalid" id={errorIdOf(controlId)}>
      {children}
    </Form.Control.Feedback>
  );
}
