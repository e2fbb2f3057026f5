import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { emailChangeBodySchema, profileBodySchema } from "@poundline/contracts/settings/schemas";
import { useEffect } from "react";
import { isRefusal } from "../../api/errors";
import type { Profile } from "../../api/settings";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { failureToast, settingsKeys, useSettingsApi, useSettingsMutation, useTwoFactorStatus } from "./hooks";

/** Seed 001's profile: avatar, first and last name, phone, and the sign-in e-mail. */
export function ProfileTab({ profile }: { profile: Profile }) {
  return (
    <Stack gap="lg">
      <AvatarCard profile={profile} />
      <NameCard profile={profile} />
      <EmailCard profile={profile} />
    </Stack>
  );
}

function AvatarCard({ profile }: { profile: Profile }) {
  const api = useSettingsApi();
  const upload = useSettingsMutation((file: File) => api.uploadAvatar(file), [settingsKeys.profile]);
  const remove = useSettingsMutation(() => api.removeAvatar(), [settingsKeys.profile]);
  const initials = `${profile.firstName[0] ?? ""}${profile.lastName[0] ?? ""}`.toUpperCase() || "?";

  const onFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => toast({ title: "Avatar Updated", description: "Your new picture is saved." }),
      onError: failureToast("Avatar Upload Failed"),
    });
  };

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Avatar
      </Title>
      <Group>
        <Avatar src={profile.avatarUrl} alt="Your avatar" size={80} radius={80} color="blue.9">
          {initials}
        </Avatar>
        <Stack gap={6}>
          <Group gap="sm">
            <FileButton onChange={onFile} accept="image/png,image/jpeg,image/webp,image/gif">
              {(props) => (
                <Button {...props} loading={upload.isPending}>
                  Upload Avatar
                </Button>
              )}
            </FileButton>
            {profile.avatarUrl && (
              <Button
                variant="default"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast({ title: "Avatar Removed" }),
                    onError: failureToast("Avatar Deletion Failed"),
                  })
                }
              >
                Remove
              </Button>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            PNG, JPEG, WebP or GIF, up to 5 MB. It is cropped to a square.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function NameCard({ profile }: { profile: Profile }) {
  const api = useSettingsApi();
  const initialValues = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? "",
  };
  const { form, onSubmit, showServerErrors } = useSchemaForm({ schema: profileBodySchema, initialValues });
  const save = useSettingsMutation(api.saveProfile, [settingsKeys.profile]);
  // The saved values (the phone in E.164) once the profile is read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored profile changes only
  useEffect(() => form.setValues(initialValues), [profile.firstName, profile.lastName, profile.phone]);

  const submit = onSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: () => toast({ title: "Profile Updated", description: "Your profile has been updated." }),
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          failureToast("Profile Update Failed")(error);
        },
      }),
    (errors) => toastError("Profile Update Failed", Object.values(errors)[0]),
  );

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Personal Information
      </Title>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First Name"
              required
              autoComplete="given-name"
              {...form.getInputProps("firstName")}
            />
            <TextInput
              label="Last Name"
              required
              autoComplete="family-name"
              {...form.getInputProps("lastName")}
            />
          </SimpleGrid>
          <TextInput
            label="Phone"
            description="Voicemail texts go to this number."
            type="tel"
            autoComplete="tel"
            {...form.getInputProps("phone")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save Profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The sign-in address: the new one, proven with the current password (and a code from the
 * authenticator app with two-factor authentication on); the link goes to the new address.
 */
function EmailCard({ profile }: { profile: Profile }) {
  const api = useSettingsApi();
  const twoFactorOn = useTwoFactorStatus().data?.enabled === true;
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: emailChangeBodySchema,
    initialValues: { email: "", password: "", code: "" },
    toBody: (values) => ({
      email: values.email,
      ...(values.password ? { password: values.password } : {}),
      ...(values.code ? { code: values.code } : {}),
    }),
  });
  const change = useSettingsMutation(api.changeEmail, [settingsKeys.profile]);
  const submit = onSubmit(
    (body) =>
      change.mutate(body, {
        onSuccess: (answer) => {
          toast({ title: "Check Your Inbox", description: answer.message });
          form.reset();
        },
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          failureToast("Email Change Failed")(error);
        },
      }),
    (errors) => toastError("Email Change Failed", errors.email ?? errors.password ?? errors.code),
  );

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Email Address
      </Title>
      <Text size="sm" mb="md">
        You sign in with <strong>{profile.email}</strong>.
      </Text>
      {profile.pendingEmail && (
        <Alert color="blue" mb="md" title="Waiting for confirmation">
          We sent a link to {profile.pendingEmail}. Your email changes once you follow it.
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="md" maw={480}>
          <TextInput label="New Email" type="email" autoComplete="email" {...form.getInputProps("email")} />
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            {...form.getInputProps("password")}
          />
          {twoFactorOn && (
            <TextInput
              label="Authentication code"
              autoComplete="one-time-code"
              inputMode="numeric"
              {...form.getInputProps("code")}
            />
          )}
          <Group>
            <Button type="submit" variant="default" loading={change.isPending}>
              Change Email
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
