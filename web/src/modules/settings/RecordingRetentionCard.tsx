import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { RECORDING_RETENTION_DAYS } from "@poundline/contracts/recordings/schemas";
import { useEffect, useState } from "react";
import type { RecordingRetention } from "../../api/settings";
import { toast, toastError } from "../../ui/toast";
import { settingsKeys, useRecordingRetention, useSettingsApi, useSettingsMutation } from "./hooks";

type Days = RecordingRetention["days"];

const FOREVER = "forever";

/** The choices, in the select's string values ("forever" for null). */
export const retentionOptions = [
  ...RECORDING_RETENTION_DAYS.map((days) => ({ value: String(days), label: `${days} days` })),
  { value: FOREVER, label: "Forever" },
];

export const daysOfOption = (value: string | null): Days =>
  value === null || value === FOREVER ? null : (Number(value) as NonNullable<Days>);

/** How long the account keeps its call recordings; owners and admins change it. */
export function RecordingRetentionCard() {
  const { data } = useRecordingRetention();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recording-retention-title">
      <Title order={2} size="h4" mb="xs" id="recording-retention-title">
        Call Recordings
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Recordings older than this are deleted within the hour; the call history says when a call's recording
        was deleted.
      </Text>
      {data ? <RetentionForm retention={data} /> : <Skeleton h={60} />}
    </Card>
  );
}

function RetentionForm({ retention }: { retention: RecordingRetention }) {
  const api = useSettingsApi();
  const current = retention.days === null ? FOREVER : String(retention.days);
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  const save = useSettingsMutation(api.saveRecordingRetention, [settingsKeys.recordingRetention]);
  return (
    <Stack gap="md">
      {!retention.canEdit && (
        <Alert color="gray">
          Only the account's owner or an admin can change how long recordings are kept.
        </Alert>
      )}
      <Select
        label="Keep recordings"
        data={retentionOptions}
        value={value}
        onChange={(next) => setValue(next ?? FOREVER)}
        allowDeselect={false}
        disabled={!retention.canEdit}
      />
      {retention.canEdit && (
        <Group>
          <Button
            loading={save.isPending}
            disabled={value === current}
            onClick={() =>
              save.mutate(
                { days: daysOfOption(value) },
                {
                  onSuccess: () =>
                    toast({ title: "Retention Saved", description: "Recording retention saved." }),
                  onError: (err) => toastError("Save Failed", err),
                },
              )
            }
          >
            Save retention
          </Button>
        </Group>
      )}
    </Stack>
  );
}
