import { Stack, Text, Title } from "@mantine/core";
import { EmptyState, QueryState } from "../../ui/QueryState";
import { useAdminPortIns } from "./hooks";
import { PortInCard } from "./PortInRequests";

/** Every account's port-in requests, each with its numbers and history (the admin area). */
export function AdminPortIns() {
  const query = useAdminPortIns();
  return (
    <Stack>
      <Title order={1} size="h2">
        Port-In Requests
      </Title>
      <QueryState
        query={query}
        loadingText="Loading port-in requests"
        errorTitle="Error Fetching Port-In Requests"
      >
        {(data) =>
          data.requests.length === 0 ? (
            <EmptyState title="No port-in requests">No account has asked to port a number yet.</EmptyState>
          ) : (
            <Stack>
              {data.requests.map((request) => (
                <Stack key={request.id} gap={4}>
                  <Text size="sm" c="dimmed">
                    {request.company} ({request.accountId})
                  </Text>
                  <PortInCard request={request} />
                </Stack>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
