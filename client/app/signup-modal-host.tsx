import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { closeSignupModal, useSignupModalOpen } from "../lib/signup";
import { paths } from "./paths";

const SignupModal = lazy(() =>
  import("../features/auth/components/signup-modal").then((m) => ({ default: m.SignupModal })),
);

/**
 * Mounts the §2 signup modal while `useOpenSignup()` (lib/signup.ts) has it open. Its code (the
 * form, its validation) loads on first opening only, so pages without it stay light. A new account
 * goes on to the §4 signup steps (/complete-signup), as from /signup.
 */
export function SignupModalHost() {
  const open = useSignupModalOpen();
  const navigate = useNavigate();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal
        onClose={closeSignupModal}
        onDone={() => {
          closeSignupModal();
          navigate(paths.completeSignup, { replace: true });
        }}
      />
    </Suspense>
  );
}
