import { Badge, Button, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { type ScheduledTextView, scheduledTextViews } from "@poundline/contracts/automations/schemas";
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { AccountScheduledText } from "../../api/automations";
import { DataTable } from "../../ui/DataTable";
import { formatPhone } from "../../ui/format";
import { QueryState } from "../../ui/QueryState";
import { toast, toastError } from "../../ui/toast";
import { AutomationBadge } from "./AutomationBadge";
import { useAccountScheduledTexts, useAutomationMutation, useAutomationsApi } from "./hooks";
import { ScheduleTextModal } from "./ScheduleTextModal";

const PAGE_SIZE = 25;

const viewLabels: Record<ScheduledTextView, string> = {
  upcoming: "Upcoming",
  sent: "Sent",
  cancelled: "Cancelled",
  failed: "Not sent",
};

const emptyLines: Record<ScheduledTextView, string> = {
  upcoming: "No text is waiting to be sent. Schedule one, or turn on a number's automated texts.",
  sent: "No scheduled or automated text has been sent yet.",
  cancelled: "No text has been cancelled.",
  failed: "Every text went out: none failed or was held back by quiet hours or an opt-out.",
};

/** "Mar 2, 2099, 10:00 AM (America/Chicago)": the time as the recipient reads it. */
function sendTime(text: AccountScheduledText): string {
  const at = new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: text.timeZone,
  }).format(new Date(text.sendAt));
  return `${at} (${text.timeZone})`;
}

function CancelButton({ text }: { text: AccountScheduledText }) {
  const api = useAutomationsApi();
  const cancel = useAutomationMutation(() => api.cancelScheduledText(text.id));
  if (text.status !== "pending") return null;
  return (
    <Button
      size="compact-sm"
      variant="default"
      loading={cancel.isPending}
      aria-label={`Cancel the text to ${text.contactName ?? formatPhone(text.toNumber)} at ${sendTime(text)}`}
      onClick={() =>
        cancel.mutate(undefined, {
          onSuccess: () => toast({ title: "Text Cancelled", description: text.body }),
          onError: (error) => toastError("Cancel Error", error),
        })
      }
    >
      Cancel
    </Button>
  );
}

function TextsTable({ texts, view, page, total, onPage }: TableProps) {
  return (
    <DataTable<AccountScheduledText>
      aria-label={`${viewLabels[view]} texts`}
      withTableBorder
      records={texts}
      idAccessor="id"
      paging={{ page, pageSize: PAGE_SIZE, total, onPageChange: onPage }}
      columns={[
        { accessor: "sendAt", title: "Send at", render: sendTime },
        {
          accessor: "toNumber",
          title: "To",
          render: (text) => (
            <Stack gap={0}>
              {text.contactName && <Text size="sm">{text.contactName}</Text>}
              <Text size="sm">{formatPhone(text.toNumber)}</Text>
            </Stack>
          ),
        },
        { accessor: "fromNumber", title: "From", render: (text) => formatPhone(text.fromNumber) },
        { accessor: "body", title: "Message", render: (text) => <Text size="sm">{text.body}</Text> },
        {
          accessor: "automation",
          title: "Kind",
          render: (text) => <AutomationBadge automation={text.automation} />,
        },
        {
          accessor: "status",
          title: "Status",
          render: (text) => (
            <Stack gap={2}>
              <Badge variant="light" color="gray" c="dark.9">
                {text.status}
              </Badge>
              {text.outcome && <Text size="xs">{text.outcome}</Text>}
            </Stack>
          ),
        },
        { accessor: "id", title: "Actions", render: (text) => <CancelButton text={text} /> },
      ]}
    />
  );
}

interface TableProps {
  texts: AccountScheduledText[];
  view: ScheduledTextView;
  page: number;
  total: number;
  onPage: (page: number) => void;
}

/** Every scheduled and automated text of the account: what waits (with Cancel), what went, what did not. */
export function ScheduledTextsScreen() {
  const [view, setView] = useState<ScheduledTextView>("upcoming");
  const [page, setPage] = useState(1);
  const [scheduling, setScheduling] = useState(false);
  const texts = useAccountScheduledTexts(view, page, PAGE_SIZE);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Stack gap={4}>
          <Title order={1}>Scheduled Texts</Title>
          <Text size="sm">
            Texts sent later, in the recipient's time zone, and the automated replies waiting for quiet hours
            to end. <Link to="/dashboard/messages">Back to Messages</Link>
          </Text>
        </Stack>
        <Button leftSection={<CalendarClock size={16} aria-hidden />} onClick={() => setScheduling(true)}>
          Schedule a Text
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Show texts"
        value={view}
        onChange={(next) => {
          setView(next as ScheduledTextView);
          setPage(1);
        }}
        data={scheduledTextViews.map((value) => ({ value, label: viewLabels[value] }))}
      />
      <QueryState
        query={texts}
        loadingText="Loading scheduled texts..."
        errorTitle="Error loading scheduled texts"
        isEmpty={(data) => data.total === 0}
        empty={<Text>{emptyLines[view]}</Text>}
      >
        {(data) => (
          <TextsTable texts={data.texts} view={view} page={page} total={data.total} onPage={setPage} />
        )}
      </QueryState>
      {scheduling && <ScheduleTextModal onClose={() => setScheduling(false)} />}
    </Stack>
  );
}
