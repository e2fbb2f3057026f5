import {
  type Location,
  type NavigateFunction,
  useLocation,
  useNavigate,
  useSearchParams,
} from "react-router";
import type { FromState } from "../../app/guards";

/**
 * Where a person goes once signed in: a server page named in ?next= (the queue board: a full
 * load, same site only), else back to the page a guard sent them away from, else the dashboard.
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return () => continueAfterSignIn(navigate, location, searchParams);
}

function continueAfterSignIn(navigate: NavigateFunction, location: Location, searchParams: URLSearchParams) {
  const next = searchParams.get("next");
  if (next?.startsWith("/") && !next.startsWith("//")) {
    window.location.assign(next);
    return;
  }
  const from = (location.state as FromState | null)?.from;
  navigate(from ?? "/dashboard", { replace: true });
}

/** To the two-factor step, keeping where the person was going (?next= and the guard's state). */
export function useToSecondStep() {
  const navigate = useNavigate();
  const location = useLocation();
  return () =>
    navigate(`/login/two-factor${location.search}`, {
      replace: true,
      state: location.state as FromState | null,
    });
}
