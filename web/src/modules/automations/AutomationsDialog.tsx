import { Button, Group, Loader, Modal, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { numberAutomationsBodySchema } from "@poundline/contracts/automations/schemas";
import type { NumberAutomations } from "../../api/automations";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatPhone } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useAutomationMutation, useAutomationsApi, useNumberAutomations } from "./hooks";

const VARIABLES_HINT = "Variables: {business_name}, {first_name}, {contact_name}, {number}.";

/** What a number answers by itself: missed-call text-back, after-hours and first-contact replies. */
export function AutomationsDialog({
  number,
  onClose,
}: {
  number: { id: string; e164: string };
  onClose: () => void;
}) {
  useReturnFocus();
  const found = useNumberAutomations(number.id);
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      size="lg"
      title={`Automated texts of ${formatPhone(number.e164)}`}
    >
      {found.data ? (
        <AutomationsForm automations={found.data} onClose={onClose} />
      ) : (
        <Loader aria-label="Loading" />
      )}
    </Modal>
  );
}

function AutomationsForm({ automations, onClose }: { automations: NumberAutomations; onClose: () => void }) {
  const api = useAutomationsApi();
  const { phoneNumberId, e164: _e164, timeZone: _zone, ...initialValues } = automations;
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: numberAutomationsBodySchema,
    initialValues,
  });
  const save = useAutomationMutation((body: typeof initialValues) =>
    api.saveNumberAutomations(phoneNumberId, body),
  );
  const submit = onSubmit(() => {
    save.mutate(form.getValues(), {
      onSuccess: () => {
        toast({ title: "Automations Saved", description: "The number's automated texts are updated." });
        onClose();
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Save Error", error);
      },
    });
  });
  const check = (field: keyof typeof initialValues) => form.getInputProps(field, { type: "checkbox" });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={3} size="h5">
          Missed-call text-back
        </Title>
        <Switch label="Text callers nobody answered" {...check("missedCallEnabled")} />
        <Text size="xs" c="dimmed">
          A call nobody answers counts as missed, also when the caller reaches voicemail. Each caller gets at
          most one text a day; withheld numbers get none.
        </Text>
        <Textarea
          label="Text-back message"
          description={VARIABLES_HINT}
          autosize
          {...form.getInputProps("missedCallTemplate")}
        />
        <Title order={3} size="h5">
          After hours
        </Title>
        <Switch label="Reply to texts outside business hours" {...check("afterHoursEnabled")} />
        <Switch
          label="Also text callers after hours (instead of the missed-call text)"
          {...check("afterHoursCallsEnabled")}
        />
        <Textarea label="After-hours reply" autosize {...form.getInputProps("afterHoursTemplate")} />
        <Title order={3} size="h5">
          First contact
        </Title>
        <Switch label="Reply to the first text of a new sender" {...check("firstContactEnabled")} />
        <Textarea label="First-contact reply" autosize {...form.getInputProps("firstContactTemplate")} />
        <Title order={3} size="h5">
          Quiet hours
        </Title>
        <Switch
          label="Send no automated text in quiet hours (the recipient's time)"
          {...check("quietHoursEnabled")}
        />
        <Group grow>
          <TextInput label="Quiet from" placeholder="21:00" {...form.getInputProps("quietStart")} />
          <TextInput label="Quiet until" placeholder="08:00" {...form.getInputProps("quietEnd")} />
        </Group>
        <Text size="xs" c="dimmed">
          A reply that falls in quiet hours is sent when they end; a missed-call text-back that would then be
          a day late is not sent.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
