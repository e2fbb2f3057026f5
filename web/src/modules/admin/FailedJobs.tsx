import { Anchor, Button, Code, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { FailedJob } from "../../api/admin";
import { toast, toastError } from "../../ui/toast";
import { AdminTable } from "./AdminTable";
import { formatWhen } from "./format";
import { useAdminApi, useAdminMutation, useFailedJobs, usePaging } from "./hooks";

type JobStatus = "open" | "retried" | "all";

/** Jobs that failed for good, with retry (through the outbox); Bull Board for the live queues. */
export function FailedJobs() {
  const api = useAdminApi();
  const [status, setStatus] = useState<JobStatus>("open");
  const { page, setPage, query } = usePaging();
  const list = useFailedJobs(status, page, query);
  const retry = useAdminMutation((id: string) => api.retryJob(id));

  return (
    <Stack>
      <Title order={1}>Failed Jobs</Title>
      <Text size="sm">
        The live queues (waiting, active, delayed, failed) are on{" "}
        {/* A server page outside the web app: a full page load, not a client-side route. */}
        <Anchor href="/admin/queues">Bull Board</Anchor> when Redis is configured.
      </Text>
      <SegmentedControl
        aria-label="Which failed jobs"
        w="fit-content"
        value={status}
        onChange={(value) => {
          setStatus(value as JobStatus);
          setPage(1);
        }}
        data={[
          { value: "open", label: "Not retried" },
          { value: "retried", label: "Retried" },
          { value: "all", label: "All" },
        ]}
      />
      <AdminTable<FailedJob>
        list={list}
        records={list.data?.jobs}
        errorTitle="Error fetching failed jobs"
        aria-label="Failed jobs"
        noRecordsText="No failed jobs."
        page={page}
        onPageChange={setPage}
        columns={[
          { accessor: "failedAt", title: "Failed", render: (j) => formatWhen(j.failedAt) },
          { accessor: "queue", title: "Queue" },
          { accessor: "name", title: "Job" },
          { accessor: "attempts", title: "Attempts" },
          {
            accessor: "error",
            title: "Error",
            render: (j) => (
              <Code block style={{ whiteSpace: "pre-wrap", maxWidth: 420 }}>
                {j.error}
              </Code>
            ),
          },
          {
            accessor: "retriedAt",
            title: "Retry",
            render: (j) =>
              j.retriedAt ? (
                <Text size="sm">Retried {formatWhen(j.retriedAt)}</Text>
              ) : (
                <Button
                  size="xs"
                  loading={retry.isPending && retry.variables === j.id}
                  onClick={() =>
                    retry.mutate(j.id, {
                      onSuccess: () => toast({ title: "Job Retried", description: `${j.queue} / ${j.name}` }),
                      onError: (error) => toastError("Error retrying job", error),
                    })
                  }
                >
                  Retry
                </Button>
              ),
          },
        ]}
      />
    </Stack>
  );
}
