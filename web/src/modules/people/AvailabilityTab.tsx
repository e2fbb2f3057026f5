import { Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { TIME_ZONES } from "@poundline/contracts/call-routing/schemas";
import { forwardingSchema, workingHoursSchema } from "@poundline/contracts/people/schemas";
import { defaultBusinessHours, weekdays } from "@poundline/domain/business-hours";
import { isRefusal } from "../../api/errors";
import type { WorkingHours } from "../../api/people";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { useSetForwarding, useSetWorkingHours } from "./hooks";

const dayName = (day: string) => day[0]?.toUpperCase() + day.slice(1);

/**
 * The member's own settings for ring groups: the phone they are rung on, and their working hours
 * in their time zone (ring groups skip them outside those hours, and when not Available).
 */
export function AvailabilityTab({
  hours,
  forwardingPhone,
}: {
  hours: WorkingHours;
  forwardingPhone: string | null;
}) {
  return (
    <Stack gap="lg">
      <ForwardingCard forwardingPhone={forwardingPhone} />
      <WorkingHoursCard hours={hours} />
    </Stack>
  );
}

function ForwardingCard({ forwardingPhone }: { forwardingPhone: string | null }) {
  const save = useSetForwarding();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: forwardingSchema,
    initialValues: { forwardingPhone: forwardingPhone ?? "" },
    toBody: (values) => ({ forwardingPhone: values.forwardingPhone.trim() || null }),
  });
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Forwarding Phone
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The phone ring groups ring for you. Without one, ring groups skip you.
      </Text>
      <form
        noValidate
        onSubmit={onSubmit((body) =>
          save.mutate(body.forwardingPhone, {
            onSuccess: () => toast({ title: "Forwarding Phone Saved" }),
            onError: (err) => {
              if (isRefusal(err)) showServerErrors(err);
              toastError("Save Failed", err);
            },
          }),
        )}
      >
        <Group align="flex-end">
          <TextInput
            label="Forwarding phone"
            type="tel"
            placeholder="+14075550123"
            {...form.getInputProps("forwardingPhone")}
          />
          <Button type="submit" loading={save.isPending}>
            Save Phone
          </Button>
        </Group>
      </form>
    </Card>
  );
}

function WorkingHoursCard({ hours }: { hours: WorkingHours }) {
  const save = useSetWorkingHours();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: workingHoursSchema,
    initialValues: {
      timeZone: hours.timeZone,
      anyTime: hours.workingHours === null,
      workingHours: hours.workingHours ?? defaultBusinessHours,
    },
    toBody: (values) => ({
      timeZone: values.timeZone,
      workingHours: values.anyTime ? null : values.workingHours,
    }),
  });
  const values = form.getValues();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Working Hours
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Ring groups ring you only within these hours, in your time zone.
      </Text>
      <form
        noValidate
        onSubmit={onSubmit((body) =>
          save.mutate(body, {
            onSuccess: () => toast({ title: "Working Hours Saved" }),
            onError: (err) => {
              if (isRefusal(err)) showServerErrors(err);
              toastError("Save Failed", err);
            },
          }),
        )}
      >
        <Stack gap="sm">
          <Select
            label="Your Time Zone"
            data={[...TIME_ZONES]}
            searchable
            allowDeselect={false}
            {...form.getInputProps("timeZone")}
          />
          <Switch label="Take calls at any time" {...form.getInputProps("anyTime", { type: "checkbox" })} />
          {!values.anyTime &&
            weekdays.map((day) => (
              <Group key={day} align="flex-end">
                <Switch
                  w={140}
                  label={dayName(day)}
                  {...form.getInputProps(`workingHours.${day}.active`, { type: "checkbox" })}
                />
                <TextInput
                  type="time"
                  label={`${dayName(day)} starts`}
                  disabled={!values.workingHours[day].active}
                  {...form.getInputProps(`workingHours.${day}.start`)}
                />
                <TextInput
                  type="time"
                  label={`${dayName(day)} ends`}
                  disabled={!values.workingHours[day].active}
                  {...form.getInputProps(`workingHours.${day}.end`)}
                />
              </Group>
            ))}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save Working Hours
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
