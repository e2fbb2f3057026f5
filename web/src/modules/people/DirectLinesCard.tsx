import { Card, Select, Stack, Table, Text, Title } from "@mantine/core";
import type { Member } from "../../api/people";
import { formatPhone } from "../../ui/format";
import { QueryState } from "../../ui/QueryState";
import { ScrollHint } from "../../ui/ScrollHint";
import { toast, toastError } from "../../ui/toast";
import { useAccountNumbers } from "../console/queries";
import { useExtensions } from "../extensions/hooks";
import { usePeople, useSetDirectLine } from "./hooks";

interface Choice {
  value: string;
  label: string;
}

/**
 * Settings, Team: each member's own number and extension. A call to either rings the member's
 * devices by their availability and hours; its voicemail and missed calls are theirs.
 */
export function DirectLinesCard() {
  const people = usePeople();
  const numbers = useAccountNumbers();
  const extensions = useExtensions("");
  const numberChoices: Choice[] = (numbers.data?.numbers ?? []).map((n) => ({
    value: n.id,
    label: n.friendlyName ? `${formatPhone(n.e164)} (${n.friendlyName})` : formatPhone(n.e164),
  }));
  const extensionChoices: Choice[] = (extensions.data?.items ?? []).map((e) => ({
    value: e.id,
    label: `${e.extensionNumber} (${e.name})`,
  }));
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs" mb="md">
        <Title order={2} size="h4">
          Direct Lines
        </Title>
        <Text size="sm" c="gray.7">
          A member's own number or extension rings their forwarding phone while they are available and within
          their working hours; otherwise the caller leaves them a voicemail. Their missed calls and voicemails
          notify them alone.
        </Text>
      </Stack>
      <QueryState query={people} loadingText="Loading members..." errorTitle="Error loading members">
        {({ members }) => (
          <ScrollHint label="Direct lines">
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Direct lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Member</Table.Th>
                    <Table.Th>Direct number</Table.Th>
                    <Table.Th>Extension</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {members.map((member) => (
                    <DirectLineRow
                      key={member.userId}
                      member={member}
                      numbers={numberChoices}
                      extensions={extensionChoices}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ScrollHint>
        )}
      </QueryState>
    </Card>
  );
}

interface RowProps {
  member: Member;
  numbers: Choice[];
  extensions: Choice[];
}

function DirectLineRow({ member, numbers, extensions }: RowProps) {
  const save = useSetDirectLine(member.userId, {
    onSuccess: () =>
      toast({ title: "Direct Line Saved", description: `${member.name}'s direct line was saved.` }),
    onError: (err) => toastError("Direct Line Not Saved", err),
  });
  const current = {
    directNumberId: member.directNumber?.id ?? null,
    extensionId: member.extension?.id ?? null,
  };
  return (
    <Table.Tr>
      <Table.Td>{member.name}</Table.Td>
      <Table.Td>
        <Select
          aria-label={`Direct number of ${member.name}`}
          placeholder="None"
          data={numbers}
          value={current.directNumberId}
          clearable
          disabled={save.isPending}
          onChange={(value) => save.mutate({ ...current, directNumberId: value })}
          w={240}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Extension of ${member.name}`}
          placeholder="None"
          data={extensions}
          value={current.extensionId}
          clearable
          disabled={save.isPending}
          onChange={(value) => save.mutate({ ...current, extensionId: value })}
          w={200}
        />
      </Table.Td>
    </Table.Tr>
  );
}
