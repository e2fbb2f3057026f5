import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput } from "@mantine/core";
import { Clock } from "lucide-react";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import { toast, toastError } from "../../ui/toast";
import { useAutomationMutation, useAutomationsApi, useScheduledTexts } from "./hooks";

interface Conversation {
  ourNumber: string;
  peerNumber: string;
}

/** "Send later": the text typed, at a date and time in the conversation's zone (named beside the field). */
export function SendLater({
  conversation,
  body,
  onScheduled,
}: {
  conversation: Conversation;
  body: string;
  onScheduled: () => void;
}) {
  const api = useAutomationsApi();
  const zone = useScheduledTexts(conversation.ourNumber, conversation.peerNumber).data?.timeZone;
  const [opened, setOpened] = useState(false);
  const [sendAt, setSendAt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const schedule = useAutomationMutation(() =>
    api.scheduleText({ from: conversation.ourNumber, to: conversation.peerNumber, body, sendAt }),
  );
  const submit = () =>
    schedule.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: "Text Scheduled",
          description: `It will be sent at ${sendAt.replace("T", " ")} (${zone}).`,
        });
        setOpened(false);
        setError(null);
        onScheduled();
      },
      onError: (err) => {
        const fields = isRefusal(err) ? err.fields : undefined;
        setError(fields?.["body.sendAt"]?.[0] ?? fields?.["body.body"]?.[0] ?? null);
        if (!fields) toastError("Schedule Error", err);
      },
    });
  return (
    <Popover opened={opened} onChange={setOpened} position="top-end" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Send later"
          disabled={body.trim() === ""}
          onClick={() => setOpened((o) => !o)}
        >
          <Clock size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            type="datetime-local"
            label="Send at"
            description={zone ? `In the recipient's time zone: ${zone}` : undefined}
            value={sendAt}
            error={error}
            onChange={(event) => setSendAt(event.currentTarget.value)}
          />
          <Button size="xs" onClick={submit} loading={schedule.isPending} disabled={!sendAt}>
            Schedule
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The conversation's texts waiting to be sent, each with Cancel. */
export function ScheduledTexts({ conversation }: { conversation: Conversation }) {
  const api = useAutomationsApi();
  const scheduled = useScheduledTexts(conversation.ourNumber, conversation.peerNumber);
  const cancel = useAutomationMutation((id: string) => api.cancelScheduledText(id));
  const pending = (scheduled.data?.texts ?? []).filter((text) => text.status === "pending");
  if (pending.length === 0) return null;
  const format = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(
      new Date(iso),
    );
  return (
    <Stack gap={4} aria-label="Scheduled texts" data-testid="scheduled-texts">
      {pending.map((text) => (
        <Group key={text.id} gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" lineClamp={1}>
            {format(text.sendAt, text.timeZone)} ({text.timeZone}): {text.body}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => cancel.mutate(text.id)}
            aria-label={`Cancel the text scheduled for ${format(text.sendAt, text.timeZone)}`}
          >
            Cancel
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
