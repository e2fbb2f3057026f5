import { authMessages, forgotPasswordBodySchema } from "@poundline/contracts/auth/schemas";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useApi } from "../../api/context";
import { isRefusal } from "../../api/errors";
import { hasMessage } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import * as Account from "./account-layout";

const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again.";

function toastSendFailure(description: string) {
  toast({ title: "Error Sending Reset Email", description, variant: "destructive" });
}

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const api = useApi();
  const requestReset = useMutation({ mutationFn: api.auth.forgotPassword });
  const { form, onSubmit } = useSchemaForm({
    schema: forgotPasswordBodySchema,
    initialValues: { email: "" },
  });

  const submit = onSubmit(
    (body) =>
      requestReset.mutate(body, {
        onSuccess: () => {
          toast({ title: "Password Reset Email Sent", description: authMessages.resetRequested });
          navigate("/login");
        },
        onError: (err) => toastSendFailure(isRefusal(err) ? err.message : UNEXPECTED_ERROR),
      }),
    (errors) => {
      if (hasMessage(errors, authMessages.emailRequired))
        toastError("Email Required", authMessages.emailRequired);
      else toastSendFailure(errors.email ?? UNEXPECTED_ERROR);
    },
  );

  return (
    <Account.Page
      title="Forgot Password"
      intro="Enter your email address and we will send you a link to reset your password."
    >
      <Account.Card>
        <Account.Form onSubmit={submit}>
          <Account.EmailField {...form.getInputProps("email")} />
          <Account.Submit busy={requestReset.isPending} busyLabel="Sending...">
            Send Reset Link
          </Account.Submit>
        </Account.Form>
      </Account.Card>
      <Account.FooterLink to="/login">Back to Login</Account.FooterLink>
    </Account.Page>
  );
}
