import { Button, Group, Select, Text } from "@mantine/core";
import { CheckCircle2, RotateCcw } from "lucide-react";
import type { ConversationKey } from "../../api/inbox";
import { toastError } from "../../ui/toast";
import { useAssignConversation, useConversationState, useMembers, useResolveConversation } from "./hooks";

const UNASSIGNED = "";

/** The conversation's owner in the team: the assignee menu, resolve or reopen, who answered and resolved it. */
export function ConversationInbox({ conversation }: { conversation: ConversationKey }) {
  const { data: state } = useConversationState(conversation);
  const { data: team } = useMembers();
  const assign = useAssignConversation(conversation);
  const resolve = useResolveConversation(conversation);
  const resolved = Boolean(state?.resolvedAt);
  const options = [
    { value: UNASSIGNED, label: "Unassigned" },
    ...(team?.members ?? []).map((member) => ({ value: member.id, label: member.name })),
  ];
  const facts = [
    state?.answeredBy ? `Answered by ${state.answeredBy.name}` : null,
    state?.resolvedBy ? `Resolved by ${state.resolvedBy.name}` : null,
  ].filter(Boolean);

  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {facts.length > 0 && (
        <Text size="xs" c="dimmed">
          {facts.join(" · ")}
        </Text>
      )}
      <Select
        aria-label="Assigned to"
        size="xs"
        w={170}
        data={options}
        value={state?.assignee?.id ?? UNASSIGNED}
        allowDeselect={false}
        disabled={!state || assign.isPending}
        onChange={(value) =>
          assign.mutate(value ? value : null, { onError: (err) => toastError("Not assigned", err) })
        }
      />
      <Button
        size="xs"
        variant={resolved ? "default" : "light"}
        leftSection={resolved ? <RotateCcw size={14} aria-hidden /> : <CheckCircle2 size={14} aria-hidden />}
        loading={resolve.isPending}
        disabled={!state}
        onClick={() => resolve.mutate(!resolved, { onError: (err) => toastError("Not saved", err) })}
      >
        {resolved ? "Reopen" : "Resolve"}
      </Button>
    </Group>
  );
}
