import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Plus, Search } from "lucide-react";
import { useState } from "react";
import type { Extension } from "../../api/extensions";
import { DataTable } from "../../ui/DataTable";
import { QueryError } from "../../ui/QueryState";
import { ExtensionFormModal } from "./ExtensionForm";
import { useExtensions } from "./hooks";

/** Seed 001 "Extensions": a searchable list and a create/edit form; selecting a row opens its form. */
export function Extensions() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const list = useExtensions(debounced);
  // null: closed; "new": the create form; else the extension edited.
  const [editing, setEditing] = useState<Extension | "new" | null>(null);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Extensions</Title>
        <Button leftSection={<Plus size={16} aria-hidden />} onClick={() => setEditing("new")}>
          New Extension
        </Button>
      </Group>
      <TextInput
        label="Search extensions"
        placeholder="Name, number, email or department"
        leftSection={<Search size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {list.isError ? (
        <QueryError query={list} title="Error loading extensions" />
      ) : (
        <DataTable<Extension>
          aria-label="Extensions"
          records={list.data?.items ?? []}
          fetching={list.isFetching}
          minHeight={150}
          noRecordsText={debounced ? "No extensions match your search." : "No extensions yet."}
          striped
          highlightOnHover
          onRowClick={({ record }) => setEditing(record)}
          columns={[
            { accessor: "extensionNumber", title: "Extension" },
            { accessor: "name", title: "Name" },
            { accessor: "email", title: "Email", render: (e) => e.email ?? "" },
            { accessor: "department", title: "Department", render: (e) => e.department ?? "" },
            {
              accessor: "forwardingNumbers",
              title: "Forwarding Numbers",
              render: (e) => <Text size="sm">{e.forwardingNumbers.join(", ")}</Text>,
            },
            {
              accessor: "voicemailEnabled",
              title: "Voicemail",
              render: (e) => <Text size="sm">{e.voicemailEnabled ? "On" : "Off"}</Text>,
            },
          ]}
        />
      )}
      {editing && (
        <ExtensionFormModal extension={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
