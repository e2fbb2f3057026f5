import { Button } from "@mantine/core";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/errors";
import { useSignOut } from "../../app/session";
import { toast } from "../../lib/toast";

/** Signs out and goes to the home page. */
export function SignOutButton() {
  const navigate = useNavigate();
  const signOut = useSignOut();

  async function leave() {
    // Leave the guarded page first: once the session is gone, its guard would send us to /login.
    await navigate("/");
    signOut.mutate(undefined, {
      onError: (err) =>
        toast({
          title: "Sign Out Failed",
          description: err instanceof ApiError ? err.message : "An unexpected error occurred.",
          variant: "destructive",
        }),
    });
  }

  return (
    <Button variant="default" onClick={leave} disabled={signOut.isPending}>
      Sign Out
    </Button>
  );
}
