import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { authMessages } from "@poundline/contracts/auth/messages";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { useApi } from "../../api/context";
import { ApiError } from "../../api/errors";
import * as Account from "./account-layout";

/** "failed": the server could not be reached or broke down, so the link may still be good. */
type Outcome = "confirming" | "confirmed" | "invalid" | "failed";

/** What the confirmation came to, from the request's state. */
function confirmationOutcome(
  token: string,
  status: "idle" | "pending" | "success" | "error",
  error: unknown,
): Outcome {
  if (!token) return "invalid";
  if (status === "success") return "confirmed";
  if (status === "error") return error instanceof ApiError && error.status === 400 ? "invalid" : "failed";
  return "confirming";
}

/** /confirm-email?token=...: confirms the address as soon as the page opens. */
export function ConfirmEmailPage() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const confirm = useMutation({ mutationFn: () => api.auth.confirmEmail({ token }) });
  const outcome = confirmationOutcome(token, confirm.status, confirm.error);
  // A token works once: React's development double effects must not send it twice.
  const sentToken = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    mutate();
  }, [token, mutate]);

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
            <Button onClick={() => mutate()} fullWidth>
              Try Again
            </Button>
          </Stack>
        )}
      </Account.Card>
    </Account.Page>
  );
}
