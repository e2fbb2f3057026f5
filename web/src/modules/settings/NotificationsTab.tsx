import { Button, Card, Fieldset, Group, Stack, Switch, Title } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import type { NotificationPreferences } from "../../api/settings";
import { toast, toastError } from "../../ui/toast";
import { DevicePushCard } from "../push/DevicePushCard";
import { settingsKeys, useSettingsApi, useSettingsMutation } from "./hooks";

type Preference = { key: keyof NotificationPreferences; label: string; description: string };

const preferenceLabels: Preference[] = [
  {
    key: "emailNewVoicemail",
    label: "Email on new voicemail",
    description: "An email with the caller, the length and the transcription.",
  },
  {
    key: "emailMissedCall",
    label: "Email on missed call",
    description: "An email for each call nobody answered (on your direct number: only you hear of it).",
  },
  {
    key: "smsNewVoicemail",
    label: "SMS on voicemail",
    description: "A text to the phone number of your profile.",
  },
  {
    key: "emailAssignment",
    label: "Email when something is assigned to you",
    description: "A conversation or voicemail of the shared inbox.",
  },
  {
    key: "emailMention",
    label: "Email when a note mentions you",
    description: "A teammate wrote @your name in an internal note.",
  },
];

/** The console's bell, each kind on its own: the e-mail above can stay on with the bell off. */
const bellLabels: Preference[] = [
  {
    key: "bellAssignment",
    label: "Bell when something is assigned to you",
    description: "By a teammate, or by round robin on a number.",
  },
  {
    key: "bellMention",
    label: "Bell when a note mentions you",
    description: "On a conversation or on a call.",
  },
  {
    key: "bellMissedCall",
    label: "Bell on missed call",
    description: "A call nobody answered on your direct number, or on a shared number.",
  },
  {
    key: "bellVoicemail",
    label: "Bell on new voicemail",
    description: "A voicemail assigned to you, left on your direct number, or on a shared number.",
  },
];

/** Web Push to the devices enabled below ("Enable on this device"), each kind on its own. */
const pushLabels: Preference[] = [
  {
    key: "pushIncomingCall",
    label: "Push when your phone in the browser rings",
    description: "An incoming call to you: open the notification to answer in the console.",
  },
  {
    key: "pushMissedCall",
    label: "Push on missed call",
    description: "A call nobody answered on your direct number, or on a shared number.",
  },
  {
    key: "pushVoicemail",
    label: "Push on new voicemail",
    description: "A voicemail assigned to you, left on your direct number, or on a shared number.",
  },
  {
    key: "pushText",
    label: "Push on new text",
    description: "A text to your direct number, to a conversation assigned to you, or to a shared number.",
  },
  {
    key: "pushAssignment",
    label: "Push when something is assigned to you",
    description: "A conversation or voicemail of the shared inbox.",
  },
  {
    key: "pushMention",
    label: "Push when a note mentions you",
    description: "On a conversation or on a call.",
  },
];

function PreferenceSwitches({
  title,
  list,
  values,
  onChange,
  children,
}: {
  title: string;
  list: Preference[];
  values: NotificationPreferences;
  onChange: (values: NotificationPreferences) => void;
  /** Shown above the switches (this device's push). */
  children?: ReactNode;
}) {
  return (
    <Fieldset legend={title} variant="unstyled" styles={{ legend: { fontWeight: 600, marginBottom: 8 } }}>
      <Stack gap="md">
        {children}
        {list.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={values[key] ?? true}
            onChange={(event) => onChange({ ...values, [key]: event.currentTarget.checked })}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}

/**
 * Seed 001's notification preferences (defaults: both e-mails on, the text off), the shared inbox's
 * e-mails, the bell per kind, and Web Push per kind with this device's switch (all on by default);
 * the API and the workers obey them.
 */
export function NotificationsTab({ preferences }: { preferences: NotificationPreferences }) {
  const api = useSettingsApi();
  const [values, setValues] = useState(preferences);
  useEffect(() => setValues(preferences), [preferences]);
  const save = useSettingsMutation(api.saveNotifications, [settingsKeys.notifications]);

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Notification Preferences
      </Title>
      <Stack gap="md">
        <PreferenceSwitches
          title="Email and text"
          list={preferenceLabels}
          values={values}
          onChange={setValues}
        />
        <PreferenceSwitches
          title="Bell in the console"
          list={bellLabels}
          values={values}
          onChange={setValues}
        />
        <PreferenceSwitches
          title="Push to your phone and computer"
          list={pushLabels}
          values={values}
          onChange={setValues}
        >
          <DevicePushCard />
        </PreferenceSwitches>
        <Group>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(values, {
                onSuccess: () =>
                  toast({
                    title: "Preferences Saved",
                    description: "Your notification preferences have been saved.",
                  }),
                onError: (error) => toastError("Save Failed", error),
              })
            }
          >
            Save Preferences
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
