import { useRef, useState } from "react";
import { Button, Collapse, Form, InputGroup } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useErrorText } from "../../../lib/errors";
import { useUseDiscountCode } from "../api/use-use-discount-code";

/**
 * §5 'Have a discount code?': the member types a code; it must exist and be unused ('Code not
 * found', 'Code already used', §8). A retried submit of the same code reuses its idempotency key.
 */
export function DiscountCodeForm() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const use = useUseDiscountCode();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const attempt = useRef<{ code: string; key: string } | null>(null);
  const submit = () => {
    const text = code.trim();
    if (!text) return;
    if (attempt.current?.code !== text.toUpperCase())
      attempt.current = { code: text.toUpperCase(), key: crypto.randomUUID() };
    use.mutate({ code: text, idempotencyKey: attempt.current.key });
  };
  return (
    <div className="discount-code">
      <Button
        variant="link"
        className="p-0"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="discount-code-form"
      >
        <Trans>Have a discount code?</Trans>
      </Button>
      <Collapse in={open}>
        <div id="discount-code-form">
          <Form
            className="pt-2"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Form.Label htmlFor="discount-code-input" className="small mb-1">
              <Trans>Discount code</Trans>
            </Form.Label>
            <InputGroup hasValidation style={{ maxWidth: 360 }}>
              <Form.Control
                id="discount-code-input"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  use.reset();
                }}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                isInvalid={use.isError}
                aria-invalid={use.isError || undefined}
                isValid={use.isSuccess}
                aria-describedby="discount-code-feedback"
              />
              <Button type="submit" variant="outline-primary" disabled={!code.trim() || use.isPending}>
                {use.isPending ? t`Checking…` : t`Use code`}
              </Button>
              <Form.Control.Feedback
                type={use.isError ? "invalid" : "valid"}
                id="discount-code-feedback"
                role={use.isError ? "alert" : "status"}
              >
                {use.isError && errorText(use.error)}
                {use.isSuccess && (
                  <Trans>
                    Code {use.data.code} applied: {use.data.value_percentage}% off.
                  </Trans>
                )}
              </Form.Control.Feedback>
            </InputGroup>
          </Form>
        </div>
      </Collapse>
    </div>
  );
}
