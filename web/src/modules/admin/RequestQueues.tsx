import { Select, Stack, Tabs, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { RequestItem, RequestQueue } from "../../api/admin";
import { toast, toastError } from "../../ui/toast";
import { AdminTable } from "./AdminTable";
import { formatWhen } from "./format";
import { useAdminApi, useAdminMutation, usePaging, useRequestQueue } from "./hooks";

const QUEUES: { queue: RequestQueue; label: string; titleColumn: string }[] = [
  { queue: "contact", label: "Contact Submissions", titleColumn: "Name" },
  { queue: "features", label: "Feature Requests", titleColumn: "Feature" },
  { queue: "phone-numbers", label: "Phone Number Requests", titleColumn: "Numbers" },
];

/** The underscores of a status as spaces: in_progress → in progress. */
const statusLabel = (status: string) => status.replaceAll("_", " ");

function Queue({ queue, titleColumn }: { queue: RequestQueue; titleColumn: string }) {
  const api = useAdminApi();
  const [status, setStatus] = useState("");
  const { page, setPage, query } = usePaging();
  const list = useRequestQueue(queue, status, page, query);
  const statuses = list.data?.statuses ?? [];
  const change = useAdminMutation(({ id, next }: { id: string; next: string }) =>
    api.setRequestStatus(queue, id, next),
  );

  return (
    <Stack pt="md">
      <Select
        label="Status"
        placeholder="All statuses"
        clearable
        w={220}
        data={statuses.map((value) => ({ value, label: statusLabel(value) }))}
        value={status || null}
        onChange={(value) => {
          setStatus(value ?? "");
          setPage(1);
        }}
      />
      <AdminTable<RequestItem>
        list={list}
        records={list.data?.items}
        errorTitle="Error fetching requests"
        aria-label={`${queue} queue`}
        noRecordsText="Nothing in this queue."
        page={page}
        onPageChange={setPage}
        columns={[
          { accessor: "createdAt", title: "Received", render: (r) => formatWhen(r.createdAt) },
          {
            accessor: "title",
            title: titleColumn,
            render: (r) => (
              <div>
                <Text size="sm" fw={500}>
                  {r.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {[r.email, r.company, r.phone].filter(Boolean).join(" · ")}
                </Text>
              </div>
            ),
          },
          {
            accessor: "details",
            title: "Details",
            render: (r) => (
              <Text size="sm" lineClamp={3} style={{ whiteSpace: "pre-line" }}>
                {r.details ?? ""}
              </Text>
            ),
          },
          {
            accessor: "status",
            title: "Status",
            render: (r) => (
              <Select
                aria-label={`Status of ${r.title}`}
                size="xs"
                w={150}
                allowDeselect={false}
                data={statuses.map((value) => ({ value, label: statusLabel(value) }))}
                value={r.status}
                onChange={(next) =>
                  next &&
                  change.mutate(
                    { id: r.id, next },
                    {
                      onSuccess: () =>
                        toast({ title: "Status Updated", description: `${r.title}: ${statusLabel(next)}` }),
                      onError: (error) => toastError("Error updating status", error),
                    },
                  )
                }
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** The public site's forms as work queues: contact messages, feature and phone-number requests. */
export function RequestQueues() {
  return (
    <Stack>
      <Title order={1}>Requests</Title>
      <Tabs defaultValue="contact" keepMounted={false}>
        <Tabs.List>
          {QUEUES.map(({ queue, label }) => (
            <Tabs.Tab key={queue} value={queue}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {QUEUES.map(({ queue, titleColumn }) => (
          <Tabs.Panel key={queue} value={queue}>
            <Queue queue={queue} titleColumn={titleColumn} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
