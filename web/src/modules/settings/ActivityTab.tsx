import { Stack, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/context";
import { routes } from "../../api/routes.generated";
import { DataTable } from "../../ui/DataTable";
import { formatDateTime } from "../../ui/format";
import { EmptyState, QueryState } from "../../ui/QueryState";
import { useAccountTimeZone } from "../../ui/time-zone";

const PAGE_SIZE = 25;

function useActivity(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ["settings", "activity", page],
    queryFn: ({ signal }) =>
      api.call(routes.activity.list, {
        query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The account's activity log (owner and admins): who changed the set-up, newest first. */
export function ActivityTab() {
  const [page, setPage] = useState(1);
  const activity = useActivity(page);
  const timeZone = useAccountTimeZone();
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Who changed the account's users, numbers, routing, menus, widgets, company details and billing.
      </Text>
      <QueryState
        query={activity}
        loadingText="Loading activity..."
        errorTitle="Error loading activity"
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState title="No activity yet">
            Changes to the account's set-up will be listed here.
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            aria-label="Account activity"
            withTableBorder
            records={data.entries}
            columns={[
              {
                accessor: "createdAt",
                title: "When",
                render: (row) => formatDateTime(row.createdAt, timeZone),
              },
              { accessor: "actor", title: "Who", render: (row) => row.actor?.name ?? "A deleted user" },
              { accessor: "summary", title: "What" },
            ]}
            paging={{ page, pageSize: PAGE_SIZE, total: data.total, onPageChange: setPage }}
          />
        )}
      </QueryState>
    </Stack>
  );
}
