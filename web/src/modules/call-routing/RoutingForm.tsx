import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import {
  HOLD_MUSIC_LABELS,
  numberRoutingBodySchema,
  QUEUE_ANNOUNCE_SECONDS,
  QUEUE_MAX_WAIT_SECONDS,
  RING_STRATEGY_LABELS,
  RING_TIMEOUT_SECONDS,
  TIME_ZONES,
} from "@poundline/contracts/call-routing/schemas";
import type { CallRouting, NumberRouting } from "../../api/call-routing";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { DestinationPicker } from "./DestinationPicker";
import { useSaveRouting, useUploadHoldMusic } from "./hooks";

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const dayName = (day: string) => day[0]?.toUpperCase() + day.slice(1);

const destination = (d: NumberRouting["afterHoursDestination"]) => ({
  type: d.type,
  target: d.target ?? "",
  ringGroup: d.ringGroup,
});

function valuesOf(routing: NumberRouting) {
  return {
    ringStrategy: routing.ringStrategy,
    ringTimeoutSeconds: routing.ringTimeoutSeconds,
    timeZone: routing.timeZone,
    businessHours: routing.businessHours,
    businessHoursDestination: destination(routing.businessHoursDestination),
    afterHoursDestination: destination(routing.afterHoursDestination),
    holidays: routing.holidays.map((h) => ({
      date: h.date,
      name: h.name,
      destination: destination(h.destination),
    })),
    holdMusic: routing.holdMusic,
    recordCalls: routing.recordCalls,
    queueAnnounceSeconds: routing.queueAnnounceSeconds,
    queueMaxWaitSeconds: routing.queueMaxWaitSeconds,
    voicemailEnabled: routing.voicemailEnabled,
  };
}

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

type RoutingFormValues = UseFormReturnType<ReturnType<typeof valuesOf>>;

function RingStrategyCard({ form }: { form: RoutingFormValues }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Ring Strategy
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Ring Strategy"
          data={options(RING_STRATEGY_LABELS)}
          allowDeselect={false}
          {...form.getInputProps("ringStrategy")}
        />
        <NumberInput
          label="Ring Timeout (seconds)"
          min={RING_TIMEOUT_SECONDS.min}
          max={RING_TIMEOUT_SECONDS.max}
          allowDecimal={false}
          {...form.getInputProps("ringTimeoutSeconds")}
        />
        <NumberInput
          label="Tell waiting callers their place every (seconds)"
          description="With the expected wait and the offer of a callback; 0 never tells them."
          min={QUEUE_ANNOUNCE_SECONDS.min}
          max={QUEUE_ANNOUNCE_SECONDS.max}
          allowDecimal={false}
          {...form.getInputProps("queueAnnounceSeconds")}
        />
        <NumberInput
          label="Longest wait before voicemail (seconds)"
          min={QUEUE_MAX_WAIT_SECONDS.min}
          max={QUEUE_MAX_WAIT_SECONDS.max}
          allowDecimal={false}
          {...form.getInputProps("queueMaxWaitSeconds")}
        />
      </SimpleGrid>
    </Card>
  );
}

function BusinessHoursCard({ form, choices }: { form: RoutingFormValues; choices: CallRouting }) {
  const values = form.getValues();
  const zones = TIME_ZONES.includes(values.timeZone as (typeof TIME_ZONES)[number])
    ? [...TIME_ZONES]
    : [values.timeZone, ...TIME_ZONES];
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Business Hours
      </Title>
      <Stack gap="xs">
        <Select
          label="Time Zone"
          data={zones}
          searchable
          allowDeselect={false}
          {...form.getInputProps("timeZone")}
        />
        {WEEKDAYS.map((day) => (
          <Group key={day} align="flex-end">
            <Switch
              w={140}
              label={dayName(day)}
              {...form.getInputProps(`businessHours.${day}.active`, { type: "checkbox" })}
            />
            <TextInput
              type="time"
              label={`${dayName(day)} opens`}
              disabled={!values.businessHours[day].active}
              {...form.getInputProps(`businessHours.${day}.start`)}
            />
            <TextInput
              type="time"
              label={`${dayName(day)} closes`}
              disabled={!values.businessHours[day].active}
              {...form.getInputProps(`businessHours.${day}.end`)}
            />
          </Group>
        ))}
        <DestinationPicker
          form={form}
          path="businessHoursDestination"
          label="During Business Hours"
          options={choices}
        />
        <DestinationPicker form={form} path="afterHoursDestination" label="After Hours" options={choices} />
      </Stack>
    </Card>
  );
}

function HolidaysCard({ form, choices }: { form: RoutingFormValues; choices: CallRouting }) {
  const values = form.getValues();
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Holidays
      </Title>
      <Stack gap="xs">
        {values.holidays.length === 0 && (
          <Text size="sm" c="dimmed">
            No holidays. On a holiday, calls go to its own destination all day.
          </Text>
        )}
        {values.holidays.map((_holiday, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and keyed by position.
          <Stack key={index} gap={4}>
            <Group align="flex-end">
              <TextInput type="date" label="Holiday date" {...form.getInputProps(`holidays.${index}.date`)} />
              <TextInput label="Holiday name" {...form.getInputProps(`holidays.${index}.name`)} />
              <Button variant="default" onClick={() => form.removeListItem("holidays", index)}>
                Remove Holiday
              </Button>
            </Group>
            <DestinationPicker
              form={form}
              path={`holidays.${index}.destination`}
              label="Holiday Destination"
              options={choices}
              withRingGroup={false}
            />
          </Stack>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() =>
              form.insertListItem("holidays", {
                date: "",
                name: "",
                destination: { type: "voicemail", target: "", ringGroup: [] },
              })
            }
          >
            Add Holiday
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function HoldMusicCard({ form, routing }: { form: RoutingFormValues; routing: NumberRouting }) {
  const values = form.getValues();
  const upload = useUploadHoldMusic();
  const onUpload = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { numberId: routing.numberId, file },
      {
        onSuccess: () => {
          form.setFieldValue("holdMusic", "custom");
          toast({ title: "Recording Uploaded", description: file.name });
        },
        onError: (error) => toastError("Upload Error", error),
      },
    );
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Music on Hold
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Music on Hold"
          data={options(HOLD_MUSIC_LABELS)}
          allowDeselect={false}
          {...form.getInputProps("holdMusic")}
        />
        {values.holdMusic === "custom" && (
          <FileInput
            label="Custom recording"
            description={
              routing.holdMusicUrl
                ? "A recording is uploaded. Choose a file to replace it."
                : "MP3, WAV or AIFF."
            }
            accept="audio/mpeg,audio/wav,audio/aiff,.mp3,.wav,.aif,.aiff"
            clearable={false}
            onChange={onUpload}
            disabled={upload.isPending}
          />
        )}
      </SimpleGrid>
    </Card>
  );
}

function RecordingCard({ form }: { form: RoutingFormValues }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Recording and Voicemail
      </Title>
      <Stack gap="xs">
        <Switch
          label="Record calls"
          description="Callers from states that require every party's consent hear a recording notice first."
          {...form.getInputProps("recordCalls", { type: "checkbox" })}
        />
        <Switch label="Voicemail enabled" {...form.getInputProps("voicemailEnabled", { type: "checkbox" })} />
      </Stack>
    </Card>
  );
}

/** One number's routing (seed 001 "Call Routing"): ring strategy, timeout, hours, music on hold. */
export function RoutingForm({ routing, choices }: { routing: NumberRouting; choices: CallRouting }) {
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: numberRoutingBodySchema,
    initialValues: valuesOf(routing),
  });
  const save = useSaveRouting();

  const submit = onSubmit(
    (body) =>
      save.mutate(
        { numberId: routing.numberId, body },
        {
          onSuccess: () =>
            toast({ title: "Routing Saved", description: `${routing.e164}: the next call follows it.` }),
          onError: (error) => {
            if (isRefusal(error)) showServerErrors(error);
            toastError("Save Error", error);
          },
        },
      ),
    (errors) => toastError("Save Error", Object.values(errors)[0]),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={`Routing of ${routing.e164}`}>
      <Stack>
        <RingStrategyCard form={form} />

        <BusinessHoursCard form={form} choices={choices} />

        <HolidaysCard form={form} choices={choices} />

        <HoldMusicCard form={form} routing={routing} />

        <RecordingCard form={form} />

        {save.isError && isRefusal(save.error) && save.error.status === 400 && (
          <Alert color="red" title="Not saved">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
