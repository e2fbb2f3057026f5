import { Button, Group, Select, Text } from "@mantine/core";
import type { Voicemail } from "../../api/voicemails";
import { toastError } from "../../ui/toast";
import { useAssignVoicemail, useMembers, useResolveVoicemail } from "./hooks";

const UNASSIGNED = "";

/** A voicemail in the shared inbox: its assignee, resolve or reopen, who called back and who resolved it. */
export function VoicemailInbox({ voicemail: vm, caller }: { voicemail: Voicemail; caller: string }) {
  const { data: team } = useMembers();
  const assign = useAssignVoicemail();
  const resolve = useResolveVoicemail();
  const nameOf = (id: string | null) => team?.members.find((member) => member.id === id)?.name ?? null;
  const facts = [
    vm.returnedById ? `Returned by ${nameOf(vm.returnedById) ?? "a former member"}` : null,
    vm.resolvedById ? `Resolved by ${nameOf(vm.resolvedById) ?? "a former member"}` : null,
  ].filter(Boolean);
  const options = [
    { value: UNASSIGNED, label: "Unassigned" },
    ...(team?.members ?? []).map((member) => ({ value: member.id, label: member.name })),
  ];
  return (
    <Group gap="xs" mt={6} wrap="wrap">
      <Select
        aria-label={`Voicemail from ${caller} assigned to`}
        size="xs"
        w={170}
        data={options}
        value={vm.assigneeId ?? UNASSIGNED}
        allowDeselect={false}
        disabled={assign.isPending}
        onChange={(value) =>
          assign.mutate(
            { id: vm.id, assigneeId: value ? value : null },
            { onError: (err) => toastError("Not assigned", err) },
          )
        }
      />
      <Button
        size="xs"
        variant={vm.resolvedAt ? "default" : "light"}
        loading={resolve.isPending}
        aria-label={vm.resolvedAt ? `Reopen voicemail from ${caller}` : `Resolve voicemail from ${caller}`}
        onClick={() =>
          resolve.mutate(
            { id: vm.id, resolved: !vm.resolvedAt },
            { onError: (err) => toastError("Not saved", err) },
          )
        }
      >
        {vm.resolvedAt ? "Reopen" : "Resolve"}
      </Button>
      {facts.length > 0 && (
        <Text size="xs" c="dimmed">
          {facts.join(" · ")}
        </Text>
      )}
    </Group>
  );
}
