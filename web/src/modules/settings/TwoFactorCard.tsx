import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  List,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { disableTwoFactorBodySchema, enableTwoFactorBodySchema } from "@poundline/contracts/auth/schemas";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { TwoFactorSetup } from "../../api/settings";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { failureToast, settingsKeys, useSettingsApi, useSettingsMutation, useTwoFactorStatus } from "./hooks";

/**
 * Two-factor authentication with an authenticator app: set up (scan, confirm with a code), the
 * recovery codes shown once, new codes, turn off with a code or the password.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled ?? false;

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Two-Factor Authentication
        </Title>
        {status.data && (
          <Badge color={enabled ? "teal.9" : "gray.7"} variant="filled">
            {enabled ? "On" : "Off"}
          </Badge>
        )}
      </Group>
      {recoveryCodes ? (
        <RecoveryCodesShownOnce codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : enabled ? (
        <ManageTwoFactor codesLeft={status.data?.recoveryCodesLeft ?? 0} onNewCodes={setRecoveryCodes} />
      ) : (
        status.data && <SetUpTwoFactor onEnabled={setRecoveryCodes} />
      )}
    </Card>
  );
}

function SetUpTwoFactor({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const api = useSettingsApi();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: enableTwoFactorBodySchema,
    initialValues: { key: setup?.key ?? "", code: "" },
    toBody: (values) => ({ key: setup?.key ?? "", code: values.code }),
  });
  const enable = useSettingsMutation(api.enableTwoFactor, [settingsKeys.twoFactor]);

  async function start() {
    setStarting(true);
    try {
      setSetup(await api.twoFactorSetup());
    } catch (error) {
      failureToast("Two-Factor Setup Failed")(error as Error);
    } finally {
      setStarting(false);
    }
  }

  // mutateAsync, not mutate's callbacks: turning it on re-renders the card without this form,
  // whose callbacks would then be dropped (and the recovery codes never shown).
  const submit = onSubmit(
    async (body) => {
      try {
        const answer = await enable.mutateAsync(body);
        toast({ title: "Two-Factor Authentication On", description: answer.message });
        onEnabled(answer.recoveryCodes);
      } catch (error) {
        if (isRefusal(error)) showServerErrors(error);
        failureToast("Two-Factor Setup Failed")(error as Error);
      }
    },
    (errors) => toastError("Two-Factor Setup Failed", errors.code),
  );

  if (!setup)
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Protect your account with a code from an authenticator app (Google Authenticator, 1Password,
          Authy...) each time you sign in. Administrators need it to enter the admin area.
        </Text>
        <Button onClick={start} loading={starting}>
          Set Up Two-Factor Authentication
        </Button>
      </Stack>
    );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="xs" align="center">
        <Image src={setup.qrCode} alt="QR code to scan with your authenticator app" w={200} h={200} />
        <Text size="xs" c="gray.7">
          Can't scan it? Enter this key:
        </Text>
        <Code data-testid="totp-key">{setup.key}</Code>
      </Stack>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">1. Scan the QR code with your authenticator app.</Text>
          <Text size="sm">2. Enter the 6-digit code it shows to confirm.</Text>
          <TextInput
            label="Verification Code"
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            {...form.getInputProps("code")}
          />
          <Group>
            <Button type="submit" loading={enable.isPending}>
              Turn On
            </Button>
            <Button variant="default" onClick={() => setSetup(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </SimpleGrid>
  );
}

function RecoveryCodesShownOnce({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Save your recovery codes">
        Each code lets you sign in once if you lose your phone. They are shown only now: copy them somewhere
        safe.
      </Alert>
      <List spacing={4} aria-label="Recovery codes" listStyleType="none">
        {codes.map((code) => (
          <List.Item key={code}>
            <Code>{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group>
        <Button variant="default" onClick={() => void navigator.clipboard?.writeText(codes.join("\n"))}>
          Copy Codes
        </Button>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </Group>
    </Stack>
  );
}

function ManageTwoFactor({
  codesLeft,
  onNewCodes,
}: {
  codesLeft: number;
  onNewCodes: (codes: string[]) => void;
}) {
  const api = useSettingsApi();
  const [action, setAction] = useState<"disable" | "codes" | null>(null);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Sign-in asks for a code from your authenticator app. Recovery codes left: <strong>{codesLeft}</strong>
        .
      </Text>
      <Group>
        <Button variant="default" onClick={() => setAction("codes")}>
          New Recovery Codes
        </Button>
        <Button variant="default" onClick={() => setAction("disable")}>
          Turn Off
        </Button>
      </Group>
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action === "disable" ? "Turn off two-factor authentication" : "New recovery codes"}
      >
        {action === "disable" ? (
          <DisableForm onDone={() => setAction(null)} />
        ) : (
          <NewCodesForm
            regenerate={api.regenerateRecoveryCodes}
            onDone={(codes) => {
              setAction(null);
              onNewCodes(codes);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const api = useSettingsApi();
  const disable = useSettingsMutation(api.disableTwoFactor, [settingsKeys.twoFactor]);
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: disableTwoFactorBodySchema,
    initialValues: { code: "", password: "" },
    // The code when one is typed, else the password.
    toBody: (values) =>
      values.code ? { code: values.code } : { code: undefined, password: values.password },
  });
  // As for enabling: once it is off this form is gone, so no per-call callbacks.
  const submit = onSubmit(
    async (body) => {
      try {
        const answer = await disable.mutateAsync(body);
        toast({ title: "Two-Factor Authentication Off", description: answer.message });
        onDone();
      } catch (error) {
        if (isRefusal(error)) showServerErrors(error);
        failureToast("Could Not Turn Off")(error as Error);
      }
    },
    (errors) => toastError("Could Not Turn Off", Object.values(errors)[0]),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">Enter a code from your authenticator app, or your password.</Text>
        <TextInput label="Authentication Code" autoComplete="one-time-code" {...form.getInputProps("code")} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps("password")} />
        <Button type="submit" color="red.9" loading={disable.isPending}>
          Turn Off
        </Button>
      </Stack>
    </form>
  );
}

function NewCodesForm({
  regenerate,
  onDone,
}: {
  regenerate: (code: string) => Promise<{ recoveryCodes: string[] }>;
  onDone: (codes: string[]) => void;
}) {
  const make = useSettingsMutation(regenerate, [settingsKeys.twoFactor]);
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: enableTwoFactorBodySchema.pick({ code: true }),
    initialValues: { code: "" },
  });
  const submit = onSubmit(
    (body) =>
      make.mutate(body.code, {
        onSuccess: (answer) => onDone(answer.recoveryCodes),
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          failureToast("Could Not Make New Codes")(error);
        },
      }),
    (errors) => toastError("Could Not Make New Codes", errors.code),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">Your current recovery codes stop working. Confirm with a code from your app.</Text>
        <TextInput
          label="Authentication Code"
          required
          autoComplete="one-time-code"
          {...form.getInputProps("code")}
        />
        <Button type="submit" loading={make.isPending}>
          Make New Codes
        </Button>
      </Stack>
    </form>
  );
}
