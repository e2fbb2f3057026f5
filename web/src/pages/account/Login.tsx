import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Divider,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { authMessages } from "@poundline/api/auth/messages";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import type { FromState } from "../../app/guards";
import { type SessionResponse, useSession } from "../../app/session";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { GoogleButton } from "./google-button";
import { PasswordField } from "./password-fields";

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
  if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500)
    return { title: "Login Failed", description: "An unexpected error occurred." };
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
    <Container size={460} py="xl">
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title>Sign In</Title>
          <Text c="gray.7">Welcome back. Sign in to your account.</Text>
        </Stack>

        {notice && (
          <Alert color={notice.color} variant="light">
            <Text size="sm">{notice.message}</Text>
          </Alert>
        )}

        <Card withBorder shadow="sm" padding="xl" radius="md">
          <Stack gap="md">
            <GoogleButton label="Sign in with Google" />
            <Divider
              label="Or sign in with email"
              labelPosition="center"
              styles={{ label: { color: "var(--mantine-color-gray-7)" } }}
            />
            <form noValidate onSubmit={submit}>
              <Stack gap="md">
                <TextInput
                  label="Email"
                  type="email"
                  required
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                />
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
                <Button type="submit" fullWidth disabled={submitting}>
                  {submitting ? "Signing In..." : "Sign In"}
                </Button>
              </Stack>
            </form>
          </Stack>
        </Card>

        <Text ta="center">
          Don't have an account?{" "}
          <Anchor component={Link} to="/register">
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
