import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  ScrollArea,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from "@poundline/api/crm/import-columns";
import { Upload } from "lucide-react";
import { useState } from "react";
import type { ImportPreview, ImportResult } from "../../api/contacts";
import { toast } from "../../lib/toast";
import { useReturnFocus } from "../../lib/use-return-focus";
import { useContactMutation, useContactsApi } from "./hooks";
import { ENCODING_LABELS, FORMAT_LABELS, problemField } from "./import-labels";

/** Rows listed: the skipped ones first, then the others, up to this many. */
const PREVIEW_ROWS = 200;

type Mapping = (ImportField | null)[];
type Problem = { field: string; message: string };

const fieldOptions = [
  { value: "", label: "Do not import" },
  ...IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
];

/** The file's bytes in base64: the server finds the encoding (UTF-8, UTF-16, Windows-1252). */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

function Problems({ problems }: { problems: Problem[] }) {
  return (
    <Stack gap={2}>
      {problems.map((problem) => (
        <Text key={`${problem.field}:${problem.message}`} size="xs" c="dark.9">
          {problem.field === "row" ? problem.message : `${problemField(problem.field)}: ${problem.message}`}
        </Text>
      ))}
    </Stack>
  );
}

function MappingTable({
  preview,
  onChange,
}: {
  preview: ImportPreview;
  onChange: (mapping: Mapping) => void;
}) {
  const change = (index: number, value: string) =>
    onChange(
      preview.columns.map((column, i) => (i === index ? (value as ImportField) || null : column.field)),
    );
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Table withTableBorder aria-label="Column mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>First value</Table.Th>
            <Table.Th>Import as</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.columns.map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional (two may share a header) and never reorder.
            <Table.Tr key={i}>
              <Table.Td>{column.header}</Table.Td>
              <Table.Td>
                <Text size="xs" lineClamp={1}>
                  {column.sample}
                </Text>
              </Table.Td>
              <Table.Td>
                <NativeSelect
                  size="xs"
                  aria-label={`Import column ${column.header} as`}
                  data={fieldOptions}
                  value={column.field ?? ""}
                  onChange={(event) => change(i, event.currentTarget.value)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function RowsTable({
  label,
  rows,
}: {
  label: string;
  rows: (ImportPreview["rows"][number] | ImportResult["rows"][number])[];
}) {
  const sorted = [...rows]
    .sort((a, b) => Number(b.outcome === "skipped") - Number(a.outcome === "skipped") || a.row - b.row)
    .slice(0, PREVIEW_ROWS);
  return (
    <ScrollArea.Autosize mah={300} type="auto">
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr
              key={row.row}
              bg={row.outcome === "skipped" ? "var(--mantine-color-red-light)" : undefined}
            >
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.phone}</Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Badge
                    color={row.outcome === "skipped" ? "red" : row.outcome === "existing" ? "gray" : "green"}
                    c="dark.9"
                    variant="light"
                  >
                    {row.outcome === "skipped"
                      ? "Skipped"
                      : row.outcome === "existing"
                        ? "Already a contact: skipped"
                        : row.outcome === "created"
                          ? "Imported"
                          : "Ready"}
                  </Badge>
                  {row.problems.length > 0 ? (
                    <>
                      {row.outcome !== "skipped" ? (
                        <Text size="xs" c="dark.9">
                          Left out:
                        </Text>
                      ) : null}
                      <Problems problems={row.problems} />
                    </>
                  ) : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/**
 * Import of a CSV (Google Contacts, Outlook, HubSpot, ours or any) or vCard file. The server reads
 * it and proposes a field for each column; the person may change any before importing. The rows
 * that make a contact are imported; each other row is reported with the reason it was skipped.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const api = useContactsApi();
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping | undefined>(undefined);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useContactMutation((body: { file: string; mapping?: Mapping }) => api.importPreview(body));
  const run = useContactMutation((body: { file: string; mapping?: Mapping }) => api.import(body));

  function previewWith(base64: string, chosen: Mapping | undefined) {
    setMapping(chosen);
    check.mutate(
      { file: base64, mapping: chosen },
      { onSuccess: setPreview, onError: (error) => setProblem(error.message) },
    );
  }

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    setProblem(null);
    setContent(null);
    if (!chosen) return;
    try {
      const base64 = await readAsBase64(chosen);
      setContent(base64);
      previewWith(base64, undefined);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  function confirm() {
    if (!content) return;
    run.mutate(
      { file: content, mapping },
      {
        onSuccess: (done) => {
          toast({
            title: "Import Complete",
            description: `${done.created} contact${done.created === 1 ? "" : "s"} imported${
              done.skipped ? `, ${done.skipped} skipped` : ""
            }.`,
          });
          if (done.rows.length === 0) onClose();
          else setResult(done);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  const blocked = !preview || preview.fileError !== null || preview.ready === 0 || check.isPending;
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title="Import Contacts"
      size="xl"
    >
      {result ? (
        <Stack>
          <Group gap="xs" role="status">
            <Badge color="green" c="dark.9" variant="light">
              {result.created} imported
            </Badge>
            <Badge color="gray" c="dark.9" variant="light">
              {result.skipped} skipped
            </Badge>
          </Group>
          <RowsTable label="Import report" rows={result.rows} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            A CSV file with a header row (exports of Google Contacts, Outlook and HubSpot are recognised) or a
            vCard file (.vcf, as iCloud exports). Check the field of each column before importing. Rows
            without a name or a phone number are skipped, and so is a phone number already in your contacts.
          </Text>
          <FileInput
            label="CSV or vCard file"
            placeholder="Choose a .csv or .vcf file"
            // Mantine's placeholder grey is below 4.5:1 on white.
            styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
            accept=".csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard"
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
              <Text size="xs" c="dimmed">
                Read as {FORMAT_LABELS[preview.format]}, {ENCODING_LABELS[preview.encoding]}.
              </Text>
              {preview.fileError ? (
                <Alert color="red" title="This file cannot be imported" role="alert">
                  {preview.fileError}
                </Alert>
              ) : (
                <Group gap="xs" role="status">
                  <Badge color="green" c="dark.9" variant="light">
                    {preview.ready} ready
                  </Badge>
                  <Badge color={preview.skipped > 0 ? "red" : "gray"} c="dark.9" variant="light">
                    {preview.skipped} skipped
                  </Badge>
                  <Badge color="gray" c="dark.9" variant="light">
                    {preview.existing} already in your contacts
                  </Badge>
                </Group>
              )}
              {preview.columns.length > 0 && content ? (
                <MappingTable preview={preview} onChange={(next) => previewWith(content, next)} />
              ) : null}
              {preview.rows.length > 0 ? <RowsTable label="Import preview" rows={preview.rows} /> : null}
            </>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={blocked} loading={run.isPending}>
              {preview && !blocked ? `Import ${preview.ready} Contacts` : "Import"}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
