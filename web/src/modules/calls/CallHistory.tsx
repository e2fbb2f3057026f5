import "@mantine/dates/styles.css";
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useDebouncedValue } from "@mantine/hooks";
import { PhoneIncoming, PhoneMissed, PhoneOutgoing, Search } from "lucide-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import type { CallListQuery, CallLog } from "../../api/calls";
import { ApiError } from "../../api/errors";
import { formatPhone } from "../../lib/format";
import { CallNotes } from "./CallNotes";
import { formatCallTime, formatDuration } from "./format";
import { useCallHistory } from "./hooks";
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
      : status === "refused"
        ? "orange"
        : "gray";

/** Seed 001's Call History: search, direction and day filters, the table, numbered pages. */
export function CallHistory() {
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [direction, setDirection] = useState<Direction>("all");
  const [date, setDate] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  // A new search or filter shows its first page.
  const [lastFilters, setLastFilters] = useState({ debouncedSearch, direction, date });
  if (
    lastFilters.debouncedSearch !== debouncedSearch ||
    lastFilters.direction !== direction ||
    lastFilters.date !== date
  ) {
    setLastFilters({ debouncedSearch, direction, date });
    setPage(1);
  }

  const query: CallListQuery = {
    q: debouncedSearch || undefined,
    direction,
    date: date ?? undefined,
    page,
    pageSize: CALL_HISTORY_PAGE_SIZE,
  };
  const history = useCallHistory(query);
  const data = history.data;

  return (
    <Stack gap="lg">
      <Title order={1}>Call History</Title>
      <Card withBorder padding="md">
        <Group align="end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Search by number or notes..."
            leftSection={<Search size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: "1 1 240px" }}
          />
          <Select
            label="Direction"
            data={directionOptions}
            value={direction}
            onChange={(value) => setDirection((value as Direction | null) ?? "all")}
            allowDeselect={false}
            w={170}
          />
          <DatePickerInput
            label="Date"
            placeholder="Any day"
            value={date}
            onChange={(value) => setDate(value)}
            clearable
            valueFormat="MMM D, YYYY"
            w={180}
            // Mantine's placeholder grey is below 4.5:1 on white.
            styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
          />
        </Group>
      </Card>

      {history.isPending ? (
        <Center py="xl">
          <Group>
            <Loader size="sm" />
            <Text>Loading call logs...</Text>
          </Group>
        </Center>
      ) : history.isError ? (
        <Alert color="red" title="Error loading call logs" role="alert">
          <Group justify="space-between">
            <Text size="sm">
              {history.error instanceof ApiError && history.error.status === 401
                ? "User not authenticated."
                : history.error.message}
            </Text>
            <Button color="red.9" onClick={() => history.refetch()} loading={history.isFetching}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : data && data.calls.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <Title order={2} size="h3">
              No Call Logs Found
            </Title>
            <Text c="dimmed" size="sm">
              {debouncedSearch || direction !== "all" || date
                ? "No calls match your search or filters."
                : "Calls to and from your numbers will appear here."}
            </Text>
          </Stack>
        </Card>
      ) : data ? (
        <Card withBorder padding={0}>
          <DataTable<CallLog>
            aria-label="Call logs"
            records={data.calls}
            fetching={history.isFetching}
            minHeight={150}
            striped
            highlightOnHover
            columns={[
              { accessor: "direction", title: "Direction", render: (call) => <DirectionCell call={call} /> },
              {
                accessor: "fromNumber",
                title: "From",
                noWrap: true,
                render: (call) => formatPhone(call.fromNumber),
              },
              {
                accessor: "toNumber",
                title: "To",
                render: (call) => (
                  <>
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {formatPhone(call.toNumber)}
                    </Text>
                    {call.route && <RouteNote route={call.route} />}
                  </>
                ),
              },
              {
                accessor: "contactName",
                title: "Contact",
                render: (call) =>
                  call.contactName ?? (
                    <Text size="sm" c="dimmed">
                      Unknown
                    </Text>
                  ),
              },
              {
                accessor: "callStartTime",
                title: "Date & Time",
                // One line: the date and the time together read as one value.
                noWrap: true,
                render: (call) => formatCallTime(call.callStartTime, data.timeZone),
              },
              {
                accessor: "durationSeconds",
                title: "Duration",
                noWrap: true,
                render: (call) => formatDuration(call.durationSeconds),
              },
              {
                accessor: "callStatus",
                title: "Status",
                render: (call) => (
                  <Badge color={statusColor(call.callStatus)} c="dark.9" variant="light" size="sm">
                    {callStatusLabel(call.callStatus)}
                  </Badge>
                ),
              },
              {
                accessor: "recordingUrl",
                title: "Recording",
                render: (call) =>
                  call.recordingUrl ? (
                    <RecordingPlayer
                      src={call.recordingUrl}
                      label={`voicemail from ${formatPhone(call.fromNumber)}`}
                    />
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  ),
              },
              {
                accessor: "notes",
                title: "Notes",
                render: (call) => <CallNotes callId={call.id} notes={call.notes} />,
              },
            ]}
          />
        </Card>
      ) : null}

      {data && data.total > 0 && !history.isError ? (
        <Pager
          // The page of the rows shown: while the next one loads, the previous page's rows stay,
          // and the summary must not already claim the new page's.
          page={data.page}
          pageSize={CALL_HISTORY_PAGE_SIZE}
          total={data.total}
          totalExact={data.totalExact}
          onChange={setPage}
          noun="calls"
        />
      ) : null}
    </Stack>
  );
}
