import { Anchor, Group, Stack, TextInput } from "@mantine/core";
import { verifyTwoFactorBodySchema } from "@poundline/contracts/auth/schemas";
import { useEffect, useRef, useState } from "react";
import { Navigate } from "react-router";
import { isRefusal } from "../../api/errors";
import { useSession, useSignOut, useVerifyTwoFactor } from "../../app/session";
import { useSchemaForm } from "../../lib/schema-form";
import { toastError } from "../../ui/toast";
import * as Account from "./account-layout";
import { useAfterSignIn } from "./after-sign-in";

type Mode = "code" | "recovery";

/**
 * Sign-in, second step (two-factor authentication on): the 6-digit code of the authenticator app,
 * or one of the recovery codes (each works once).
 */
export function TwoFactorPage() {
  const { twoFactorPending, user } = useSession();
  const [mode, setMode] = useState<Mode>("code");
  const verify = useVerifyTwoFactor();
  const signOut = useSignOut();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: verifyTwoFactorBodySchema,
    initialValues: { code: "", recoveryCode: "" },
    toBody: (values) =>
      mode === "code" ? { code: values.code } : { code: undefined, recoveryCode: values.recoveryCode },
  });

  const submit = onSubmit(
    async (body) => {
      try {
        await verify.mutateAsync(body);
      } catch (err) {
        if (isRefusal(err)) showServerErrors(err);
        toastError(
          "Verification Failed",
          err instanceof Error ? err.message : "An unexpected error occurred.",
        );
        return;
      }
      // Signed in now: the page re-renders as signed in and ContinueAfterSignIn takes it on.
    },
    (errors) =>
      toastError("Verification Failed", errors.code ?? errors.recoveryCode ?? "Please check the code."),
  );

  // Through (just now, or before): on to where the person was going, as a sign-in without
  // two-factor goes (never a plain /dashboard, which lost the remembered page).
  if (user) return <ContinueAfterSignIn />;
  if (!twoFactorPending) return <Navigate to="/login" replace />;

  return (
    <Account.Page title="Two-Factor Authentication" intro="One more step to sign in.">
      <Account.Card>
        <Account.Form onSubmit={submit}>
          {mode === "code" ? (
            <TextInput
              label="Authentication code"
              description="Enter the 6-digit code from your authenticator app."
              required
              autoFocus
              autoComplete="one-time-code"
              inputMode="numeric"
              {...form.getInputProps("code")}
            />
          ) : (
            <TextInput
              label="Recovery code"
              description="Each recovery code works once."
              required
              autoFocus
              autoComplete="off"
              {...form.getInputProps("recoveryCode")}
            />
          )}
          <Account.Submit busy={verify.isPending} busyLabel="Verifying...">
            Verify
          </Account.Submit>
        </Account.Form>
        <Stack gap="xs" mt="md">
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setMode(mode === "code" ? "recovery" : "code")}
            >
              {mode === "code" ? "Use a recovery code" : "Use the authenticator app"}
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={() => signOut.mutate()}>
              Cancel
            </Anchor>
          </Group>
        </Stack>
      </Account.Card>
    </Account.Page>
  );
}

/** Goes on once, as after a sign-in: ?next=, else the page a guard sent the person away from, else /dashboard. */
function ContinueAfterSignIn() {
  const afterSignIn = useAfterSignIn();
  const went = useRef(false);
  useEffect(() => {
    if (went.current) return;
    went.current = true;
    afterSignIn();
  }, [afterSignIn]);
  return null;
}
