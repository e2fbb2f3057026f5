import { Button } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../../app/session";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";

/** Signs out and goes to the home page. */
export function SignOutButton() {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    // Leave the guarded page first: once the session is gone, its guard would send us to /login.
    await navigate("/");
    try {
      await useSession.getState().signOut();
    } catch (err) {
      toast({
        title: "Sign Out Failed",
        description: err instanceof ApiError ? err.message : "An unexpected error occurred.",
        variant: "destructive",
      });
    }
  }

  return (
    <Button variant="default" onClick={signOut} disabled={signingOut}>
      Sign Out
    </Button>
  );
}
