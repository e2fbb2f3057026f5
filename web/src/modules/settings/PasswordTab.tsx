import { Button, Card, Checkbox, Group, PasswordInput, Stack, Title } from "@mantine/core";
import { changePasswordBodySchema } from "@poundline/contracts/auth/schemas";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { settingsKeys, useSettingsApi, useSettingsMutation } from "./hooks";

/**
 * Seed 001's password change: the confirmation must match ('New passwords do not match.') and
 * the new password have 6 characters or more; optionally every other session ends.
 */
export function PasswordTab() {
  const api = useSettingsApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: changePasswordBodySchema,
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "", signOutOtherSessions: true },
  });
  const change = useSettingsMutation(api.changePassword, [settingsKeys.sessions]);

  const submit = onSubmit(
    (body) =>
      change.mutate(body, {
        onSuccess: (answer) => {
          toast({ title: "Password Updated", description: answer.message });
          form.reset();
        },
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Password Update Failed", error);
        },
      }),
    (errors) => toastError("Password Update Failed", Object.values(errors)[0]),
  );

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Change Password
      </Title>
      <form noValidate onSubmit={submit}>
        <Stack gap="md" maw={480}>
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            {...form.getInputProps("currentPassword")}
          />
          <PasswordInput
            label="New Password"
            required
            autoComplete="new-password"
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label="Confirm New Password"
            required
            autoComplete="new-password"
            {...form.getInputProps("confirmPassword")}
          />
          <Checkbox
            label="Sign out of all other sessions"
            {...form.getInputProps("signOutOtherSessions", { type: "checkbox" })}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
