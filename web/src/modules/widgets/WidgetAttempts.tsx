import { Badge, Card, Title } from "@mantine/core";
import { useState } from "react";
import type { WidgetAttempt } from "../../api/widgets";
import { DataTable } from "../../ui/DataTable";
import { QueryError } from "../../ui/QueryState";
import { useFormat } from "../../ui/time-zone";
import { useWidgetAttempts } from "./hooks";

const PAGE_SIZE = 10;

const OUTCOMES: Record<WidgetAttempt["outcome"], { label: string; color: string }> = {
  accepted: { label: "Accepted", color: "green" },
  origin_refused: { label: "Website refused", color: "red" },
  rate_limited: { label: "Rate limited", color: "orange" },
  daily_cap: { label: "Daily cap", color: "orange" },
  invalid_number: { label: "Invalid number", color: "red" },
  challenge_failed: { label: "Check failed", color: "red" },
  failed: { label: "Failed", color: "gray" },
};

/** Every callback and text visitors asked of the widget, accepted or refused, newest first. */
export function WidgetAttempts({ widgetId }: { widgetId: string }) {
  const [page, setPage] = useState(1);
  const attempts = useWidgetAttempts(widgetId, page, PAGE_SIZE);
  const { dateTime } = useFormat();

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="widget-attempts-title">
      <Title order={2} size="h4" id="widget-attempts-title" mb="xs">
        Attempts
      </Title>
      {attempts.isError ? (
        <QueryError query={attempts} title="Error loading attempts" />
      ) : (
        <DataTable<WidgetAttempt>
          aria-label="Widget attempts"
          records={attempts.data?.items ?? []}
          fetching={attempts.isFetching}
          minHeight={150}
          noRecordsText="No attempts yet."
          striped
          paging={{ page, onPageChange: setPage, total: attempts.data?.total ?? 0, pageSize: PAGE_SIZE }}
          columns={[
            { accessor: "createdAt", title: "When", render: (a) => dateTime(a.createdAt) },
            { accessor: "kind", title: "Kind", render: (a) => (a.kind === "call" ? "Callback" : "Text") },
            {
              accessor: "outcome",
              title: "Outcome",
              render: (a) => (
                <Badge color={OUTCOMES[a.outcome].color} c="dark.9" variant="light">
                  {OUTCOMES[a.outcome].label}
                </Badge>
              ),
            },
            { accessor: "visitorNumber", title: "Visitor Number", render: (a) => a.visitorNumber ?? "" },
            { accessor: "origin", title: "Website", render: (a) => a.origin ?? "" },
            { accessor: "ip", title: "IP Address", render: (a) => a.ip ?? "" },
            { accessor: "detail", title: "Detail", render: (a) => a.detail ?? "" },
          ]}
        />
      )}
    </Card>
  );
}
