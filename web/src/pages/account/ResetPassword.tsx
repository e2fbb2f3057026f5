import { Button, Stack } from "@mantine/core";
import { authMessages, resetPasswordBodySchema } from "@poundline/contracts/auth/schemas";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useApi } from "../../api/context";
import { ApiError, isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast } from "../../ui/toast";
import * as Account from "./account-layout";
import { problemToast } from "./form-problems";
import { PasswordField, PasswordStrength } from "./password-fields";

const passwordFields = ["password", "confirmPassword"] as const;

/** An unknown, used or expired token: the server says so in the token field. */
function isInvalidLink(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status === 400 &&
    (err.message === authMessages.resetLinkInvalid ||
      Object.keys(err.fields).some((key) => key.endsWith("token")))
  );
}

/** The reset e-mail's target: /reset-password?token=... */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const api = useApi();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [linkInvalid, setLinkInvalid] = useState(false);
  const resetPassword = useMutation({ mutationFn: api.auth.resetPassword });
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: resetPasswordBodySchema,
    initialValues: { password: "", confirmPassword: "" },
    toBody: (values) => ({ token, ...values }),
  });

  const submit = onSubmit(
    (body) =>
      resetPassword.mutate(body, {
        onSuccess: () => navigate("/login?reset=1", { replace: true }),
        onError: (err) => {
          if (isInvalidLink(err)) {
            setLinkInvalid(true);
            return;
          }
          if (err instanceof ApiError) showServerErrors(err);
          toast({
            title: "Password Reset Failed",
            description: isRefusal(err)
              ? err.firstFieldMessage()
              : "An unexpected error occurred. Please try again.",
            variant: "destructive",
          });
        },
      }),
    (errors) => {
      if (errors.token) setLinkInvalid(true);
      else toast({ ...problemToast(errors, passwordFields), variant: "destructive" });
    },
  );

  return (
    <Account.Page title="Reset Your Password">
      {!token || linkInvalid ? (
        <Account.Card>
          <Stack gap="md">
            <Account.Notice color="red">{authMessages.resetLinkInvalid}</Account.Notice>
            <Button component={Link} to="/forgot-password" fullWidth>
              Request a New Link
            </Button>
          </Stack>
        </Account.Card>
      ) : (
        <Account.Card>
          <Account.Form onSubmit={submit}>
            <PasswordField
              label="New Password"
              required
              autoComplete="new-password"
              {...form.getInputProps("password")}
            />
            <PasswordStrength password={form.values.password} />
            <PasswordField
              label="Confirm New Password"
              required
              autoComplete="new-password"
              {...form.getInputProps("confirmPassword")}
            />
            <Account.Submit busy={resetPassword.isPending} busyLabel="Resetting Password...">
              Reset Password
            </Account.Submit>
          </Account.Form>
        </Account.Card>
      )}
      <Account.FooterLink to="/login">Back to Login</Account.FooterLink>
    </Account.Page>
  );
}
