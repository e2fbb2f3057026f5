import { Anchor, Group, Stack } from "@mantine/core";
import { authMessages } from "@poundline/api/auth/messages";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import type { FromState } from "../../app/guards";
import { type SessionResponse, useSession } from "../../app/session";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import * as Account from "./account-layout";
import { GoogleOrEmail } from "./google-button";
import { PasswordField } from "./password-fields";
import { isRefusal } from "./refusal";

interface Notice {
  color: "green" | "red";
  message: string;
}

/** The message for the query parameters the server's redirects put on /login. */
function noticeOf(params: URLSearchParams): Notice | null {
  if (params.get("confirmed") === "1") return { color: "green", message: authMessages.emailConfirmed };
  if (params.get("reset") === "1") return { color: "green", message: authMessages.resetDone };
  if (params.has("confirm_error")) return { color: "red", message: authMessages.confirmLinkInvalid };
  if (params.get("error") === "google")
    return { color: "red", message: "Google sign-in failed. Please try again or sign in with your email." };
  return null;
}

/** Seed 000's toast for a refused sign-in. */
function signInFailure(err: unknown): { title: string; description: string } {
  if (!isRefusal(err)) return { title: "Login Failed", description: "An unexpected error occurred." };
  if (err.message.includes(authMessages.emailNotConfirmed))
    return { title: "Email Not Confirmed", description: "Please confirm your email address or try again." };
  if (err.message.includes(authMessages.invalidCredentials))
    return { title: "Invalid Credentials", description: "The email or password you entered is incorrect." };
  return { title: "Login Failed", description: err.message };
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const notice = noticeOf(searchParams);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({
        title: "Missing Fields",
        description: authMessages.missingCredentials,
        variant: "destructive",
      });
      return;
    }
    setSubmitting(true);
    try {
      const session = await api<SessionResponse>("/api/auth/login", {
        method: "POST",
        body: { email, password },
      });
      useSession.getState().signedIn(session);
      // A server page (the queue board) names itself in ?next=: a full load, same site only.
      const next = searchParams.get("next");
      if (next?.startsWith("/") && !next.startsWith("//")) {
        window.location.assign(next);
        return;
      }
      // Back to the page a guard sent the visitor away from, else the dashboard.
      const from = (location.state as FromState | null)?.from;
      navigate(from ?? "/dashboard", { replace: true });
    } catch (err) {
      toast({ ...signInFailure(err), variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Account.Page title="Sign In" intro="Welcome back. Sign in to your account.">
      {notice && <Account.Notice color={notice.color}>{notice.message}</Account.Notice>}

      <Account.Card>
        <Stack gap="md">
          <GoogleOrEmail googleLabel="Sign in with Google" emailLabel="Or sign in with email" />
          <Account.Form onSubmit={submit}>
            <Account.EmailField value={email} onChange={setEmail} />
            <PasswordField
              label="Password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot your password?
              </Anchor>
            </Group>
            <Account.Submit busy={submitting} busyLabel="Signing In...">
              Sign In
            </Account.Submit>
          </Account.Form>
        </Stack>
      </Account.Card>

      <Account.FooterLink prompt="Don't have an account?" to="/register">
        Sign up
      </Account.FooterLink>
    </Account.Page>
  );
}
