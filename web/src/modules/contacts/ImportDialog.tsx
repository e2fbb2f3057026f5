import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { Upload } from "lucide-react";
import { useState } from "react";
import type { ImportPreview } from "../../api/contacts";
import { toast } from "../../lib/toast";
import { useContactMutation, useContactsApi } from "./hooks";

/** Rows listed in the preview: those with errors first, then the others, up to this many. */
const PREVIEW_ROWS = 200;

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const rows = [...preview.rows]
    .sort((a, b) => Number(Object.keys(b.errors).length > 0) - Number(Object.keys(a.errors).length > 0))
    .slice(0, PREVIEW_ROWS);
  return (
    <ScrollArea h={320} type="auto">
      <Table striped withTableBorder aria-label="Import preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const errors = Object.entries(row.errors);
            return (
              <Table.Tr key={row.line} bg={errors.length > 0 ? "var(--mantine-color-red-light)" : undefined}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{row.values.name}</Table.Td>
                <Table.Td>{row.values.phone}</Table.Td>
                <Table.Td>{row.values.email}</Table.Td>
                <Table.Td>
                  {errors.length > 0 ? (
                    <Stack gap={2}>
                      {errors.map(([column, message]) => (
                        <Text key={column} size="xs" c="dark.9">
                          {column === "row" ? message : `${column}: ${message}`}
                        </Text>
                      ))}
                    </Stack>
                  ) : row.existing ? (
                    <Badge color="gray" c="dark.9" variant="light">
                      Already a contact: skipped
                    </Badge>
                  ) : (
                    <Badge color="green" c="dark.9" variant="light">
                      Ready
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * CSV import: the file is checked by the server first (a preview with each row's errors); it is
 * imported only when no row has an error, all of it in one transaction. A row whose phone number
 * is already a contact's is skipped, the contact left as it is.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const api = useContactsApi();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useContactMutation((text: string) => api.importPreview({ csv: text }));
  const run = useContactMutation((text: string) => api.import({ csv: text }));

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    setCsv(null);
    if (!chosen) return;
    const text = await chosen.text();
    setCsv(text);
    check.mutate(text, {
      onSuccess: setPreview,
      onError: (error) => setProblem(error.message),
    });
  }

  function confirm() {
    if (!csv) return;
    run.mutate(csv, {
      onSuccess: (result) => {
        toast({
          title: "Import Complete",
          description: `${result.created} contact${result.created === 1 ? "" : "s"} imported${
            result.skipped ? `, ${result.skipped} skipped (already in your contacts)` : ""
          }.`,
        });
        onClose();
      },
      onError: (error) => setProblem(error.message),
    });
  }

  const blocked = !preview || preview.fileError !== null || preview.invalid > 0;
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title="Import Contacts"
      size="xl"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          A CSV file with a header row: name and phone are required; email, company, address, notes,
          lead_status, contact_type, source, tags, last_contacted and follow_up_date are optional. Nothing is
          imported while a row has an error; a phone number already in your contacts is skipped.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          // Mantine's placeholder grey is below 4.5:1 on white.
          styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
          accept=".csv,text/csv"
          leftSection={<Upload size={16} aria-hidden />}
          value={file}
          onChange={choose}
          clearable
        />
        {check.isPending ? <Text size="sm">Checking the file...</Text> : null}
        {problem ? (
          <Alert color="red" title="Import Error" role="alert">
            {problem}
          </Alert>
        ) : null}
        {preview ? (
          <>
            {preview.fileError ? (
              <Alert color="red" title="This file cannot be imported" role="alert">
                {preview.fileError}
              </Alert>
            ) : (
              <Group gap="xs" role="status">
                <Badge color="green" c="dark.9" variant="light">
                  {preview.valid} ready
                </Badge>
                <Badge color={preview.invalid > 0 ? "red" : "gray"} c="dark.9" variant="light">
                  {preview.invalid} with errors
                </Badge>
                <Badge color="gray" c="dark.9" variant="light">
                  {preview.existing} already in your contacts
                </Badge>
              </Group>
            )}
            {preview.invalid > 0 ? (
              <Alert color="red" title="Fix the rows marked below" role="alert">
                Nothing will be imported while a row has an error.
              </Alert>
            ) : null}
            {preview.ignored.length > 0 ? (
              <Text size="xs" c="dimmed">
                Columns ignored: {preview.ignored.join(", ")}
              </Text>
            ) : null}
            {preview.rows.length > 0 ? <PreviewTable preview={preview} /> : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={blocked} loading={run.isPending}>
            {preview && !blocked ? `Import ${preview.valid - preview.existing} Contacts` : "Import"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
