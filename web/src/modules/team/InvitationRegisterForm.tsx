import { TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { InvitationRegisterBody } from "../../api/team";
import * as Account from "../../pages/account/account-layout";
import { PasswordField } from "../../pages/account/password-fields";
import { useTeamApi } from "./hooks";

const empty: InvitationRegisterBody = { firstName: "", lastName: "", password: "", confirmPassword: "" };

/** Someone new joins through the link: their name and a password; the address is the invited one. */
export function InvitationRegisterForm({ token, email }: { token: string; email: string }) {
  const api = useTeamApi();
  const [values, setValues] = useState(empty);
  const [fields, setFields] = useState<Readonly<Record<string, readonly string[]>>>({});
  const register = useMutation({ mutationFn: () => api.register(token, values) });
  const set = (name: keyof InvitationRegisterBody) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
    setFields((f) => ({ ...f, [`body.${name}`]: [] }));
  };
  const errorOf = (name: keyof InvitationRegisterBody) => fields[`body.${name}`]?.[0];

  return (
    <Account.Form
      onSubmit={(event) => {
        event.preventDefault();
        register.mutate(undefined, {
          onSuccess: () => window.location.assign("/dashboard"),
          onError: (err) => {
            if (isRefusal(err)) setFields(err.fields);
          },
        });
      }}
    >
      <TextInput label="Email" value={email} readOnly />
      <TextInput
        label="First name"
        required
        autoComplete="given-name"
        value={values.firstName}
        onChange={set("firstName")}
        error={errorOf("firstName")}
      />
      <TextInput
        label="Last name"
        required
        autoComplete="family-name"
        value={values.lastName}
        onChange={set("lastName")}
        error={errorOf("lastName")}
      />
      <PasswordField
        label="Password"
        required
        autoComplete="new-password"
        value={values.password}
        onChange={set("password")}
        error={errorOf("password")}
      />
      <PasswordField
        label="Confirm password"
        required
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        error={errorOf("confirmPassword")}
      />
      {register.error && Object.keys(fields).every((k) => !fields[k]?.length) && (
        <Account.Notice color="red">{register.error.message}</Account.Notice>
      )}
      <Account.Submit busy={register.isPending} busyLabel="Joining...">
        Create Account and Join
      </Account.Submit>
    </Account.Form>
  );
}
