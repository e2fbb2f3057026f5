import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
} from "@poundline/contracts/crm/import-columns";
import { Upload } from "lucide-react";
import { useState } from "react";
import type { ImportPreview, ImportResult } from "../../api/contacts";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toast } from "../../ui/toast";
import { useContactMutation, useContactsApi } from "./hooks";
import {
  countLabels,
  ENCODING_LABELS,
  FORMAT_LABELS,
  importButtonLabel,
  importSummary,
  mergeDetails,
  problemField,
  rowOutcome,
} from "./import-labels";

/** Rows listed (refused first, then merged, skipped and created), up to this many. */
const PREVIEW_ROWS = 200;
const OUTCOME_ORDER = { error: 0, merge: 1, skip: 2, create: 3 } as const;
const BADGE_COLORS = { created: "green", merged: "blue", skipped: "gray", refused: "red" } as const;

type Mapping = (ImportField | null)[];
type Mode = ImportPreview["mode"];
type ImportBody = { file: string; mapping?: Mapping; mode: Mode };
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

function RowsTable({ label, rows, done }: { label: string; rows: ImportPreview["rows"]; done: boolean }) {
  const sorted = [...rows]
    .sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] || a.row - b.row)
    .slice(0, PREVIEW_ROWS);
  return (
    <Stack gap={4}>
      {rows.length > sorted.length ? (
        <Text size="xs" c="dimmed">
          The first {sorted.length} of {rows.length} rows.
        </Text>
      ) : null}
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
                bg={row.outcome === "error" ? "var(--mantine-color-red-light)" : undefined}
              >
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.phone}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {rowOutcome(row, done)}
                    </Text>
                    {mergeDetails(row).map((detail) => (
                      <Text key={detail} size="xs" c="dark.9">
                        {detail}
                      </Text>
                    ))}
                    {row.problems.length > 0 ? (
                      <>
                        {row.outcome !== "error" ? (
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
    </Stack>
  );
}

function Counts({ counts, done }: { counts: ImportPreview["counts"]; done: boolean }) {
  return (
    <Group gap="xs" role="status" aria-label={done ? "Import summary" : "Import preview summary"}>
      {countLabels(counts, done).map(({ key, label }) => (
        <Badge key={key} color={counts[key] > 0 ? BADGE_COLORS[key] : "gray"} c="dark.9" variant="light">
          {label}
        </Badge>
      ))}
    </Group>
  );
}

/** The import's steps: the file read, the server's preview (again on each change), the import. */
function useContactImport(onClose: () => void) {
  const api = useContactsApi();
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping | undefined>(undefined);
  const [mode, setMode] = useState<Mode>("merge");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useContactMutation((body: ImportBody) => api.importPreview(body));
  const run = useContactMutation((body: ImportBody) => api.import(body));

  function previewWith(base64: string, chosen: Mapping | undefined, chosenMode: Mode) {
    setMapping(chosen);
    setMode(chosenMode);
    setProblem(null);
    check.mutate(
      { file: base64, mapping: chosen, mode: chosenMode },
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
      previewWith(base64, undefined, mode);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  function chooseMode(value: string) {
    const chosenMode = value === "skip" ? "skip" : "merge";
    if (content) previewWith(content, mapping, chosenMode);
    else setMode(chosenMode);
  }

  function confirm() {
    if (!content) return;
    run.mutate(
      { file: content, mapping, mode },
      {
        onSuccess: (done) => {
          toast({ title: "Import Complete", description: importSummary(done.counts) });
          if (done.rows.length === 0) onClose();
          else setResult(done);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  const remap = (next: Mapping) => (content ? previewWith(content, next, mode) : undefined);
  const writes = preview ? preview.counts.created + preview.counts.merged : 0;
  const blocked = !preview || preview.fileError !== null || writes === 0 || check.isPending;
  return {
    file,
    content,
    mode,
    preview,
    result,
    problem,
    check,
    run,
    choose,
    chooseMode,
    confirm,
    remap,
    blocked,
  };
}

type ContactImport = ReturnType<typeof useContactImport>;

function ImportReport({ result, onClose }: { result: ImportResult; onClose: () => void }) {
  return (
    <Stack>
      <Counts counts={result.counts} done />
      <RowsTable label="Import report" rows={result.rows} done />
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

function PreviewDetails({ preview, importing }: { preview: ImportPreview; importing: ContactImport }) {
  return (
    <>
      <Text size="xs" c="dimmed">
        Read as {FORMAT_LABELS[preview.format]}, {ENCODING_LABELS[preview.encoding]}.
      </Text>
      {preview.fileError ? (
        <Alert color="red" title="This file cannot be imported" role="alert">
          {preview.fileError}
        </Alert>
      ) : (
        <Counts counts={preview.counts} done={false} />
      )}
      {preview.columns.length > 0 && importing.content ? (
        <MappingTable preview={preview} onChange={importing.remap} />
      ) : null}
      {preview.rows.length > 0 ? <RowsTable label="Import preview" rows={preview.rows} done={false} /> : null}
    </>
  );
}

function ImportForm({ importing, onClose }: { importing: ContactImport; onClose: () => void }) {
  const { preview, blocked } = importing;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        A CSV file with a header row (exports of Google Contacts, Outlook and HubSpot are recognised) or a
        vCard file (.vcf, as iCloud exports). Check the field of each column and what each row will do before
        importing. Rows without a name or a phone number are refused.
      </Text>
      <FileInput
        label="CSV or vCard file"
        placeholder="Choose a .csv or .vcf file"
        // Mantine's placeholder grey is below 4.5:1 on white.
        styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        accept=".csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard"
        leftSection={<Upload size={16} aria-hidden />}
        value={importing.file}
        onChange={importing.choose}
        clearable
        clearButtonProps={{ "aria-label": "Clear the file" }}
      />
      <Radio.Group
        label="When a phone number is already in your contacts"
        description="A merge fills only the contact's empty fields and adds the row's tags; its source and last contact stay as they are."
        value={importing.mode}
        onChange={importing.chooseMode}
      >
        <Group mt="xs">
          <Radio value="merge" label="Merge into the contact" />
          <Radio value="skip" label="Skip the row" />
        </Group>
      </Radio.Group>
      {importing.check.isPending ? <Text size="sm">Checking the file...</Text> : null}
      {importing.problem ? (
        <Alert color="red" title="Import Error" role="alert">
          {importing.problem}
        </Alert>
      ) : null}
      {preview ? <PreviewDetails preview={preview} importing={importing} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={importing.confirm} disabled={blocked} loading={importing.run.isPending}>
          {preview && !blocked ? importButtonLabel(preview.counts) : "Import"}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Import of a CSV (Google Contacts, Outlook, HubSpot, ours or any) or vCard file. The server reads
 * it, proposes a field for each column (the person may change any) and says what each row will
 * do: create a contact, merge into the contact that has its phone number (or skip it, as chosen),
 * or be refused. The report after the import is the server's account of what it did.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const importing = useContactImport(onClose);
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title="Import Contacts"
      size="xl"
    >
      {importing.result ? (
        <ImportReport result={importing.result} onClose={onClose} />
      ) : (
        <ImportForm importing={importing} onClose={onClose} />
      )}
    </Modal>
  );
}
