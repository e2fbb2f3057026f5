import { Card, Text, Title } from "@mantine/core";
import type { Analytics } from "../../../api/analytics";
import { DataTable } from "../../../ui/DataTable";
import { formatDuration } from "../../../ui/format";

/** Seed 001's agent table: the calls put through to each extension of the account. */
export function ExtensionTable({ extensions }: { extensions: Analytics["extensions"] }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="extension-performance">
      <Title order={2} size="h4" id="extension-performance" mb="sm">
        Extension Performance
      </Title>
      {extensions.length === 0 ? (
        <Text c="gray.7">No extensions yet.</Text>
      ) : (
        <DataTable
          aria-labelledby="extension-performance"
          withTableBorder={false}
          striped
          idAccessor="extensionId"
          records={extensions}
          columns={[
            { accessor: "extensionNumber", title: "Extension" },
            { accessor: "name", title: "Name" },
            { accessor: "calls", title: "Calls", textAlign: "right" },
            { accessor: "answered", title: "Answered", textAlign: "right" },
            { accessor: "missed", title: "Missed", textAlign: "right" },
            {
              accessor: "averageDurationSeconds",
              title: "Avg. Duration",
              textAlign: "right",
              render: (row) => formatDuration(row.averageDurationSeconds),
            },
          ]}
        />
      )}
    </Card>
  );
}
