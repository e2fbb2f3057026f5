import { Anchor, Group, Stack } from "@mantine/core";
import { loginBodySchema } from "@poundline/api/auth/schemas";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { FromState } from "../../app/guards";
import { useSignIn } from "../../app/session";
import { useSchemaForm } from "../../lib/schema-form";
import { toast } from "../../lib/toast";
import * as Account from "./account-layout";
import { GoogleOrEmail } from "./google-button";
import { PasswordField } from "./password-fields";
import { invalidSignIn, noticeOf, signInFailure } from "./sign-in-messages";

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const notice = noticeOf(searchParams);
  const signIn = useSignIn();
  const { form, onSubmit } = useSchemaForm({
    schema: loginBodySchema,
    initialValues: { email: "", password: "" },
  });

  const submit = onSubmit(
    async (credentials) => {
      try {
        await signIn.mutateAsync(credentials);
      } catch (err) {
        toast({ ...signInFailure(err), variant: "destructive" });
        return;
      }
      // A server page (the queue board) names itself in ?next=: a full load, same site only.
      const next = searchParams.get("next");
      if (next?.startsWith("/") && !next.startsWith("//")) {
        window.location.assign(next);
        return;
      }
      // Back to the page a guard sent the visitor away from, else the dashboard.
      const from = (location.state as FromState | null)?.from;
      navigate(from ?? "/dashboard", { replace: true });
    },
    (errors) => toast({ ...invalidSignIn(errors), variant: "destructive" }),
  );

  return (
    <Account.Page title="Sign In" intro="Welcome back. Sign in to your account.">
      {notice && <Account.Notice color={notice.color}>{notice.message}</Account.Notice>}

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
