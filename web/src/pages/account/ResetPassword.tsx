import { Button, Stack } from "@mantine/core";
import { authMessages, resetPasswordBodySchema } from "@poundline/api/auth/schemas";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import * as Account from "./account-layout";
import { formProblems } from "./form-problems";
import { PasswordField, PasswordStrength } from "./password-fields";
import { isRefusal } from "./refusal";

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
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<string>>(new Set());
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordBodySchema.safeParse({ token, password, confirmPassword });
    if (!parsed.success) {
      const problems = formProblems(parsed.error.issues);
      if (problems.fields.has("token")) {
        setLinkInvalid(true);
        return;
      }
      setInvalidFields(problems.fields);
      toast({ ...problems.toast, variant: "destructive" });
      return;
    }
    setInvalidFields(new Set());
    setSaving(true);
    try {
      await api("/api/auth/reset-password", { method: "POST", body: parsed.data });
      navigate("/login?reset=1", { replace: true });
    } catch (err) {
      if (isInvalidLink(err)) setLinkInvalid(true);
      else
        toast({
          title: "Password Reset Failed",
          description: isRefusal(err)
            ? err.firstFieldMessage()
            : "An unexpected error occurred. Please try again.",
          variant: "destructive",
        });
    } finally {
      setSaving(false);
    }
  }

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
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={invalidFields.has("password")}
            />
            <PasswordStrength password={password} />
            <PasswordField
              label="Confirm New Password"
              required
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.currentTarget.value)}
              error={invalidFields.has("confirmPassword")}
            />
            <Account.Submit busy={saving} busyLabel="Resetting Password...">
              Reset Password
            </Account.Submit>
          </Account.Form>
        </Account.Card>
      )}
      <Account.FooterLink to="/login">Back to Login</Account.FooterLink>
    </Account.Page>
  );
}
