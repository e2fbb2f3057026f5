import { Button, Code, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import type { AuditEntry, AuditFilters } from "../../api/admin";
import { AdminTable } from "./AdminTable";
import { formatWhen } from "./format";
import { useAuditActions, useAuditLog, usePaging } from "./hooks";

const json = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 2);

/** Every admin action (who, what, when, before and after), newest first, with filters. */
export function AuditLog() {
  const [actor, setActor] = useState("");
  const [action, setAction] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [debouncedActor] = useDebouncedValue(actor.trim(), 250);
  const { page, setPage, query } = usePaging();
  const filters: AuditFilters = {
    ...(debouncedActor ? { actor: debouncedActor } : {}),
    ...(action ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useAuditLog(filters, page, query);
  const actions = useAuditActions();
  const [expanded, setExpanded] = useState<string[]>([]);
  const reset = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <Stack>
      <Title order={1}>Audit Log</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <TextInput
          label="Actor"
          placeholder="E-mail or user id"
          value={actor}
          onChange={(e) => reset(setActor)(e.currentTarget.value)}
        />
        <Select
          label="Action"
          placeholder="All actions"
          clearable
          searchable
          data={actions.data?.actions ?? []}
          value={action || null}
          onChange={(value) => reset(setAction)(value ?? "")}
        />
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(e) => reset(setFrom)(e.currentTarget.value)}
        />
        <TextInput label="To" type="date" value={to} onChange={(e) => reset(setTo)(e.currentTarget.value)} />
      </SimpleGrid>
      {(actor || action || from || to) && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              for (const set of [setActor, setAction, setFrom, setTo]) set("");
              setPage(1);
            }}
          >
            Clear filters
          </Button>
        </Group>
      )}
      <AdminTable<AuditEntry>
        list={list}
        records={list.data?.entries}
        errorTitle="Error fetching the audit log"
        aria-label="Audit log"
        noRecordsText="No admin actions match."
        page={page}
        onPageChange={setPage}
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => (
            <SimpleGrid cols={{ base: 1, md: 2 }} p="sm">
              <div>
                <Text size="sm" fw={500}>
                  Before
                </Text>
                <Code block>{json(record.before)}</Code>
              </div>
              <div>
                <Text size="sm" fw={500}>
                  After
                </Text>
                <Code block>{json(record.after)}</Code>
              </div>
            </SimpleGrid>
          ),
        }}
        columns={[
          { accessor: "createdAt", title: "When", render: (e) => formatWhen(e.createdAt) },
          { accessor: "actorEmail", title: "Who" },
          {
            accessor: "action",
            title: "Action",
            render: (e) => (
              <Text size="sm" ff="monospace">
                {e.action}
              </Text>
            ),
          },
          {
            accessor: "targetId",
            title: "Target",
            render: (e) => (
              <Text size="sm">
                {e.targetType} {e.targetId ?? ""}
              </Text>
            ),
          },
        ]}
      />
      <Text size="xs" c="dimmed">
        Select a row to see the target before and after the action. Entries can never be changed or removed.
      </Text>
    </Stack>
  );
}
