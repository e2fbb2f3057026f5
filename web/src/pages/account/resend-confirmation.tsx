import { Alert, Button, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useApi } from "../../api/context";

/**
 * Under a sign-in refused with "Email Not Confirmed": a new confirmation e-mail for the address
 * typed, without leaving the page. The server limits how often (per address and per client).
 */
export function ResendConfirmation({ email }: { email: string }) {
  const api = useApi();
  const resend = useMutation({ mutationFn: () => api.auth.resendConfirmation({ email }) });
  return (
    <Alert color="blue" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Did not get the confirmation email for {email}, or has its link expired?</Text>
        {resend.isSuccess ? (
          <Text size="sm" role="status">
            {resend.data.message}
          </Text>
        ) : (
          <Button size="xs" variant="filled" loading={resend.isPending} onClick={() => resend.mutate()}>
            Resend Confirmation Email
          </Button>
        )}
        {resend.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {resend.error.message}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
