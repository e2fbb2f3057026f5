import { Anchor, Group, Stack } from "@mantine/core";
import { loginBodySchema } from "@poundline/contracts/auth/schemas";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useSignIn } from "../../app/session";
import { useSchemaForm } from "../../lib/schema-form";
import { toast } from "../../ui/toast";
import * as Account from "./account-layout";
import { useAfterSignIn, useToSecondStep } from "./after-sign-in";
import { GoogleOrEmail } from "./google-button";
import { PasswordField } from "./password-fields";
import { ResendConfirmation } from "./resend-confirmation";
import { EMAIL_NOT_CONFIRMED, invalidSignIn, noticeOf, signInFailure } from "./sign-in-messages";

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const afterSignIn = useAfterSignIn();
  const toSecondStep = useToSecondStep();
  const notice = noticeOf(searchParams);
  const signIn = useSignIn();
  // The address a sign-in was refused for as not confirmed: offered a new confirmation e-mail.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const { form, onSubmit } = useSchemaForm({
    schema: loginBodySchema,
    initialValues: { email: "", password: "" },
  });

  const submit = onSubmit(
    async (credentials) => {
      let answer: Awaited<ReturnType<typeof signIn.mutateAsync>>;
      try {
        answer = await signIn.mutateAsync(credentials);
      } catch (err) {
        const failure = signInFailure(err);
        toast({ ...failure, variant: "destructive" });
        setUnconfirmed(failure.title === EMAIL_NOT_CONFIRMED ? credentials.email : null);
        return;
      }
      // Two-factor authentication on: the code comes next, then where the person was going.
      if (answer.twoFactorPending) toSecondStep();
      else afterSignIn();
    },
    (errors) => toast({ ...invalidSignIn(errors), variant: "destructive" }),
  );

  return (
    <Account.Page title="Sign In" intro="Welcome back. Sign in to your account.">
      {notice && <Account.Notice color={notice.color}>{notice.message}</Account.Notice>}
      {unconfirmed && <ResendConfirmation email={unconfirmed} />}

      <Account.Card>
        <Stack gap="md">
          <GoogleOrEmail googleLabel="Sign in with Google" emailLabel="Or sign in with email" />
          <Account.Form onSubmit={submit}>
            <Account.EmailField {...form.getInputProps("email")} />
            <PasswordField
              label="Password"
              required
              autoComplete="current-password"
              {...form.getInputProps("password")}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot your password?
              </Anchor>
            </Group>
            <Account.Submit busy={signIn.isPending} busyLabel="Signing In...">
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
