import "@mantine/dates/styles.css";
import { Badge, Card, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useDebouncedValue } from "@mantine/hooks";
import { PhoneIncoming, PhoneMissed, PhoneOutgoing, Search } from "lucide-react";
import type { DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import type { CallListQuery, CallLog } from "../../api/calls";
import { ApiError } from "../../api/errors";
import { routes } from "../../api/routes.generated";
import { DataTable } from "../../ui/DataTable";
import { ExportRangeButton } from "../../ui/ExportRangeButton";
import { formatDuration, formatPhone } from "../../ui/format";
import { EmptyState, QueryState } from "../../ui/QueryState";
import { CallButton } from "../softphone/components/CallButton";
import { BlockCaller } from "./BlockCaller";
import { CallNotes } from "./CallNotes";
import { CallRecordingsButton } from "./CallRecordings";
import { CallTags } from "./CallTags";
import { CallTeam } from "./CallTeam";
import { DispositionsButton } from "./DispositionsEditor";
import { formatCallTime, recordingDeletedText } from "./format";
import { useCallHistory, useTagChoices } from "./hooks";
import { Pager } from "./Pagination";
import { RecordingPlayer } from "./RecordingPlayer";
import { RouteNote } from "./RouteNote";
import { callStatusLabel } from "./status";

/** Seed 001: 10 calls per page. */
export const CALL_HISTORY_PAGE_SIZE = 10;

type Direction = NonNullable<CallListQuery["direction"]>;
const directionOptions: { value: Direction; label: string }[] = [
  { value: "all", label: "All Calls" },
  { value: "inbound", label: "Inbound" },
  { value: "outbound", label: "Outbound" },
  { value: "missed", label: "Missed" },
  { value: "blocked", label: "Blocked" },
];

const MISSED = new Set(["missed", "voicemail_missed", "no-answer", "busy", "canceled"]);

function DirectionCell({ call }: { call: CallLog }) {
  if (call.direction === "inbound" && MISSED.has(call.callStatus))
    return (
      <Group gap={6} wrap="nowrap">
        <PhoneMissed size={16} color="var(--mantine-color-red-7)" aria-hidden />
        <Text size="sm">Missed</Text>
      </Group>
    );
  const Icon = call.direction === "inbound" ? PhoneIncoming : PhoneOutgoing;
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <Text size="sm">{call.direction === "inbound" ? "Inbound" : "Outbound"}</Text>
    </Group>
  );
}

const statusColor = (status: string) =>
  status === "completed"
    ? "green"
    : MISSED.has(status) || status === "failed"
      ? "red"
      : status === "refused" || status === "blocked"
        ? "orange"
        : "gray";

/** The call list's search and filters, and its page: a new search or filter shows its first page. */
function useCallFilters() {
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [direction, setDirection] = useState<Direction>("all");
  const [date, setDate] = useState<string | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [disposition, setDisposition] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const current = { debouncedSearch, direction, date, tags: tags.join(","), disposition };
  const [lastFilters, setLastFilters] = useState(current);
  if ((Object.keys(current) as (keyof typeof current)[]).some((key) => lastFilters[key] !== current[key])) {
    setLastFilters(current);
    setPage(1);
  }
  const query: CallListQuery = {
    q: debouncedSearch || undefined,
    direction,
    date: date ?? undefined,
    tag: tags.length ? tags : undefined,
    disposition: disposition ?? undefined,
    page,
    pageSize: CALL_HISTORY_PAGE_SIZE,
  };
  const filtered = Boolean(debouncedSearch || direction !== "all" || date || tags.length || disposition);
  return {
    ...{ search, setSearch, direction, setDirection, date, setDate, setPage, query, filtered },
    ...{ tags, setTags, disposition, setDisposition },
  };
}

type CallFilters = ReturnType<typeof useCallFilters>;

/** Filters by the tags used on the account's calls and by its dispositions. */
function TagFilters({ filters }: { filters: CallFilters }) {
  const choices = useTagChoices(true);
  return (
    <>
      <MultiSelect
        label="Tags"
        placeholder={filters.tags.length ? undefined : "Any tag"}
        data={[...new Set([...choices.tags, ...filters.tags])]}
        value={filters.tags}
        onChange={filters.setTags}
        searchable
        clearable
        w={220}
      />
      <Select
        label="Disposition"
        placeholder="Any disposition"
        data={[...new Set([...choices.dispositions, ...(filters.disposition ? [filters.disposition] : [])])]}
        value={filters.disposition}
        onChange={filters.setDisposition}
        clearable
        w={200}
      />
    </>
  );
}

function CallFiltersCard({ filters }: { filters: CallFilters }) {
  return (
    <Card withBorder padding="md">
      <Group align="end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Search by number or notes..."
          leftSection={<Search size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => filters.setSearch(event.currentTarget.value)}
          style={{ flex: "1 1 240px" }}
        />
        <Select
          label="Direction"
          data={directionOptions}
          value={filters.direction}
          onChange={(value) => filters.setDirection((value as Direction | null) ?? "all")}
          allowDeselect={false}
          w={170}
        />
        <DatePickerInput
          label="Date"
          placeholder="Any day"
          value={filters.date}
          onChange={(value) => filters.setDate(value)}
          clearable
          valueFormat="MMM D, YYYY"
          w={180}
          // Mantine's placeholder grey is below 4.5:1 on white.
          styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        />
        <TagFilters filters={filters} />
      </Group>
    </Card>
  );
}

/**
 * A number of the call, with a Call button when it is the other party's (it goes under the
 * number when the table is tight, rather than widen it).
 */
function NumberText({ number, callable }: { number: string; callable: boolean }) {
  return (
    <Group gap={2} wrap="wrap">
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {formatPhone(number)}
      </Text>
      {callable && <CallButton number={number} size="sm" />}
    </Group>
  );
}

function ToCell({ call }: { call: CallLog }) {
  return (
    <>
      <NumberText number={call.toNumber} callable={call.direction === "outbound"} />
      {call.route && <RouteNote route={call.route} />}
    </>
  );
}

function DimmedText({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/**
 * A contact made on a first call is named by its number until someone names it: shown as a
 * number reads (it may wrap at its space rather than widen the table).
 */
function ContactCell({ name }: { name: string | null }) {
  if (!name) return <DimmedText>Unknown</DimmedText>;
  return <Text size="sm">{formatPhone(name)}</Text>;
}

function RecordingCell({ call }: { call: CallLog }) {
  const recordings = call.recordingCount > 0 ? <CallRecordingsButton call={call} /> : null;
  if (!call.recordingUrl)
    return (
      <Stack gap={2} align="flex-start">
        <DimmedText>
          {call.recordingDeleted ? recordingDeletedText(call.recordingDeleted) : "None"}
        </DimmedText>
        {recordings}
      </Stack>
    );
  const label =
    call.recordingKind === "call"
      ? `recording of the call from ${formatPhone(call.fromNumber)}`
      : `voicemail from ${formatPhone(call.fromNumber)}`;
  return (
    <Stack gap={2} align="flex-start">
      <RecordingPlayer src={call.recordingUrl} label={label} />
      {recordings}
    </Stack>
  );
}

/** A status is short: the badge keeps all of it rather than "VOI…" when the table is tight. */
const NO_ELLIPSIS = { label: { overflow: "visible" } };

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor(status)} c="dark.9" variant="light" size="sm" styles={NO_ELLIPSIS}>
      {callStatusLabel(status)}
    </Badge>
  );
}

/** Seed 001's columns, and the team's (who was on the call, internal notes); the date and time are the account's time zone's. */
function callColumns(timeZone: string): DataTableColumn<CallLog>[] {
  return [
    { accessor: "direction", title: "Direction", render: (call) => <DirectionCell call={call} /> },
    {
      accessor: "fromNumber",
      title: "From",
      render: (call) => (
        <>
          <NumberText number={call.fromNumber} callable={call.direction === "inbound"} />
          <BlockCaller call={call} />
        </>
      ),
    },
    { accessor: "toNumber", title: "To", render: (call) => <ToCell call={call} /> },
    {
      accessor: "contactName",
      title: "Contact",
      render: (call) => <ContactCell name={call.contactName} />,
    },
    {
      accessor: "callStartTime",
      title: "Date & Time",
      // One line: the date and the time together read as one value.
      noWrap: true,
      render: (call) => formatCallTime(call.callStartTime, timeZone),
    },
    {
      accessor: "durationSeconds",
      title: "Duration",
      noWrap: true,
      render: (call) => formatDuration(call.durationSeconds),
    },
    { accessor: "callStatus", title: "Status", render: (call) => <StatusBadge status={call.callStatus} /> },
    { accessor: "recordingUrl", title: "Recording", render: (call) => <RecordingCell call={call} /> },
    {
      accessor: "notes",
      title: "Notes",
      render: (call) => (
        <Stack gap={4}>
          <CallNotes callId={call.id} notes={call.notes} />
          <CallTags callId={call.id} tags={call.tags} disposition={call.disposition} />
        </Stack>
      ),
    },
    { accessor: "team", title: "Team", render: (call) => <CallTeam call={call} /> },
  ];
}

/** Seed 001's Call History: search, direction and day filters, the table, numbered pages. */
export function CallHistory() {
  const filters = useCallFilters();
  const history = useCallHistory(filters.query);
  const data = history.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Call History</Title>
        <Group gap="xs">
          <DispositionsButton />
          <ExportRangeButton
            // A new day filter starts the range over at that day.
            key={filters.date ?? "any day"}
            path={routes.calls.export.path}
            what="calls"
            day={filters.date}
            filters={{
              q: filters.query.q,
              direction: filters.direction === "all" ? undefined : filters.direction,
              tag: filters.query.tag,
              disposition: filters.query.disposition,
            }}
          />
        </Group>
      </Group>
      <CallFiltersCard filters={filters} />
      <QueryState
        query={history}
        loadingText="Loading call logs..."
        errorTitle="Error loading call logs"
        errorMessage={(error) =>
          error instanceof ApiError && error.status === 401 ? "User not authenticated." : error.message
        }
        isEmpty={(answer) => answer.calls.length === 0}
        empty={
          <EmptyState title="No Call Logs Found">
            {filters.filtered
              ? "No calls match your search or filters."
              : "Calls to and from your numbers will appear here."}
          </EmptyState>
        }
      >
        {(answer) => (
          <Card withBorder padding={0}>
            <DataTable<CallLog>
              aria-label="Call logs"
              records={answer.calls}
              fetching={history.isFetching}
              minHeight={150}
              striped
              highlightOnHover
              // Ten columns in the width of a laptop's screen (1366 px) with the menu beside them.
              horizontalSpacing={6}
              columns={callColumns(answer.timeZone)}
            />
          </Card>
        )}
      </QueryState>

      {data && data.total > 0 && !history.isError ? (
        <Pager
          // The page of the rows shown: while the next one loads, the previous page's rows stay,
          // and the summary must not already claim the new page's.
          page={data.page}
          pageSize={CALL_HISTORY_PAGE_SIZE}
          total={data.total}
          totalExact={data.totalExact}
          onChange={filters.setPage}
          noun="calls"
        />
      ) : null}
    </Stack>
  );
}
