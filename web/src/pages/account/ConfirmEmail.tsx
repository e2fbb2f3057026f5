import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { authMessages } from "@poundline/api/auth/messages";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ApiError, api } from "../../lib/api";
import * as Account from "./account-layout";

/** "failed": the server could not be reached or broke down, so the link may still be good. */
type Outcome = "confirming" | "confirmed" | "invalid" | "failed";

/** /confirm-email?token=...: confirms the address as soon as the page opens. */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(token ? "confirming" : "invalid");
  // A token works once: React's development double effects must not send it twice.
  const sentToken = useRef<string | null>(null);

  const confirm = useCallback(async () => {
    setOutcome("confirming");
    try {
      await api("/api/auth/confirm-email", { method: "POST", body: { token } });
      setOutcome("confirmed");
    } catch (err) {
      setOutcome(err instanceof ApiError && err.status === 400 ? "invalid" : "failed");
    }
  }, [token]);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    void confirm();
  }, [token, confirm]);

  return (
    <Account.Page title="Confirm Your Email">
      <Account.Card>
        {outcome === "confirming" && (
          <Group justify="center" gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Confirming your email address...</Text>
          </Group>
        )}
        {outcome === "confirmed" && (
          <Stack gap="md">
            <Account.Notice color="green">{authMessages.emailConfirmed}</Account.Notice>
            <Button component={Link} to="/login" fullWidth>
              Sign In
            </Button>
          </Stack>
        )}
        {outcome === "invalid" && (
          <Stack gap="md">
            <Account.Notice color="red">{authMessages.confirmLinkInvalid}</Account.Notice>
            <Button component={Link} to="/login" variant="default" fullWidth>
              Back to Login
            </Button>
          </Stack>
        )}
        {outcome === "failed" && (
          <Stack gap="md">
            <Account.Notice color="red">An unexpected error occurred. Please try again.</Account.Notice>
            <Button onClick={confirm} fullWidth>
              Try Again
            </Button>
          </Stack>
        )}
      </Account.Card>
    </Account.Page>
  );
}
