import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { MESSAGE_LIMITS } from "@poundline/contracts/messages/schemas";
import { type FormEvent, useState } from "react";
import { isRefusal } from "../../api/errors";
import { formatPhone } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { toE164 } from "../messages/format";
import { useSenders } from "../messages/hooks";
import { useAutomationMutation, useAutomationsApi, useScheduledTexts } from "./hooks";

type Field = "from" | "to" | "body" | "sendAt";

/** The zone the send time is read in, once both numbers are known: the API's own answer. */
function useRecipientZone(from: string | null, to: string | null) {
  const [debounced] = useDebouncedValue(to, 300);
  const ready = Boolean(from && debounced);
  return useScheduledTexts(from ?? "", debounced ?? "", ready).data?.timeZone;
}

/** Schedule a text from the Scheduled texts view: from, to, message, and when in the recipient's zone. */
export function ScheduleTextModal({ onClose }: { onClose: () => void }) {
  const senders = useSenders();
  const numbers = senders.data?.numbers ?? [];
  const [from, setFrom] = useState<string | null>(null);
  const chosenFrom = from ?? numbers[0]?.e164 ?? null;
  const [to, setTo] = useState("");
  const [body, setBody] = useState("");
  const [sendAt, setSendAt] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const recipient = toE164(to);
  const zone = useRecipientZone(chosenFrom, recipient);
  const api = useAutomationsApi();
  const schedule = useAutomationMutation(() =>
    api.scheduleText({ from: chosenFrom ?? "", to: recipient ?? to.trim(), body, sendAt }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    schedule.mutate(undefined, {
      onSuccess: (text) => {
        toast({
          title: "Text Scheduled",
          description: `It will be sent at ${sendAt.replace("T", " ")} (${text.timeZone}).`,
        });
        onClose();
      },
      onError: (err) => {
        const fields = isRefusal(err) ? err.fields : undefined;
        const first = (name: Field) => fields?.[`body.${name}`]?.[0];
        setErrors({ from: first("from"), to: first("to"), body: first("body"), sendAt: first("sendAt") });
        if (!fields) toastError("Schedule Error", err);
      },
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Schedule a Text"
      closeButtonProps={{ "aria-label": "Close dialog" }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="From"
            placeholder={senders.isPending ? "Loading..." : "Choose a number"}
            data={numbers.map((n) => ({ value: n.e164, label: formatPhone(n.e164) }))}
            value={chosenFrom}
            onChange={setFrom}
            error={errors.from}
            nothingFoundMessage="No number of this account can send texts"
            allowDeselect={false}
            required
          />
          <TextInput
            label="To"
            placeholder="(555) 123-4567"
            type="tel"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={errors.to}
            required
          />
          <Textarea
            label="Message"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MESSAGE_LIMITS.body}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            error={errors.body}
            required
          />
          <TextInput
            type="datetime-local"
            label="Send at"
            description={
              zone
                ? `In the recipient's time zone: ${zone}`
                : "In the recipient's time zone (their contact's, else their number's)."
            }
            value={sendAt}
            onChange={(event) => setSendAt(event.currentTarget.value)}
            error={errors.sendAt}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={schedule.isPending}>
              Schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
