import { useNavigate, useParams } from "react-router";
import { NotFoundPage } from "../components/errors/error-pages";
import { SignupForm } from "../features/auth/components/signup-form";
import { LANDER_NAMES, LanderPage, type LanderName } from "../features/landers/components/lander-page";
import { MemberLanderPage, type MemberLanderKind } from "../features/landers/components/member-lander-page";
import { paths } from "./paths";

/**
 * The §2 landers' thin route components (issue 11): they put the auth feature's signup form into
 * the landers feature's pages (features do not import each other; the app composes them). One
 * lazy chunk for every lander. The lander's name is the path's second segment. A new account goes
 * on to the §4 signup steps (/complete-signup), as from /signup.
 */
function useSignupForm() {
  const navigate = useNavigate();
  return <SignupForm onDone={() => navigate(paths.completeSignup, { replace: true })} />;
}

/** /landers/{name}/{slug?} */
export function LanderRoute() {
  const { slug } = useParams();
  const form = useSignupForm();
  const name = location.pathname.split("/")[2]?.toLowerCase() as LanderName;
  if (!LANDER_NAMES.includes(name)) return <NotFoundPage />;
  return <LanderPage key={name} name={name} slug={slug} signupForm={form} />;
}

/** /members/{id}/landing, /signup, /landing2/{slug?}, /landing3/{slug?} */
export function MemberLanderRoute() {
  const { id, slug } = useParams();
  const form = useSignupForm();
  const kind = location.pathname.split("/")[3]?.toLowerCase() as MemberLanderKind;
  return (
    <MemberLanderPage
      key={`${id}-${kind}`}
      id={Number(id)}
      kind={kind}
      slug={slug}
      signupForm={form}
      notFound={<NotFoundPage />}
    />
  );
}
