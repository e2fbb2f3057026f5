import { Button, Card, Group, Stack, Switch, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import type { NotificationPreferences } from "../../api/settings";
import { toast } from "../../lib/toast";
import { settingsKeys, useSettingsApi, useSettingsMutation } from "./hooks";

const preferenceLabels: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  {
    key: "emailNewVoicemail",
    label: "Email on new voicemail",
    description: "An email with the caller, the length and the transcription.",
  },
  {
    key: "emailMissedCall",
    label: "Email on missed call",
    description: "An email for each call nobody answered.",
  },
  {
    key: "smsNewVoicemail",
    label: "SMS on voicemail",
    description: "A text to the phone number of your profile.",
  },
];

/** Seed 001's notification preferences (defaults: both e-mails on, the text off); the workers obey them. */
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
        {preferenceLabels.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={values[key]}
            onChange={(event) => setValues({ ...values, [key]: event.currentTarget.checked })}
          />
        ))}
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
                onError: (error) =>
                  toast({ title: "Save Failed", description: error.message, variant: "destructive" }),
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
