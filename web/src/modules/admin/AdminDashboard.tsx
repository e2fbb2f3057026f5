import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { AdminDashboard as Figures } from "../../api/admin";
import { formatMoney } from "../../ui/format";
import { ScrollHint } from "../../ui/ScrollHint";
import { formatRate, formatWhen } from "./format";
import { useAdminDashboard } from "./hooks";

interface StatCard {
  title: string;
  value: (figures: Figures) => string;
  note: (figures: Figures) => string;
  testId: string;
}

const CARDS: StatCard[] = [
  {
    title: "Accounts",
    value: (f) => String(f.accounts),
    note: (f) => `${f.users} users`,
    testId: "accounts",
  },
  {
    title: "Active Trials",
    value: (f) => String(f.activeTrials),
    note: () => "Trial not yet ended",
    testId: "activeTrials",
  },
  {
    title: "Calls Today",
    value: (f) => String(f.callsToday),
    note: () => "Since midnight UTC",
    testId: "callsToday",
  },
  {
    title: "Texts Today",
    value: (f) => String(f.textsToday),
    note: () => "Since midnight UTC",
    testId: "textsToday",
  },
  {
    title: "Revenue This Month",
    value: (f) => formatMoney(f.revenueThisMonth.netCents),
    note: (f) =>
      `Top-ups ${formatMoney(f.revenueThisMonth.topUpsCents)} less refunds; subscription fees ${formatMoney(f.revenueThisMonth.subscriptionFeesCents)}`,
    testId: "revenue",
  },
  {
    title: "Failed Jobs",
    value: (f) => String(f.failedJobs),
    note: () => "Not yet retried",
    testId: "failedJobs",
  },
  {
    title: "Webhook Error Rate",
    value: (f) => formatRate(f.webhooks.errorRate),
    note: (f) => `${f.webhooks.failed} of ${f.webhooks.received} in the last ${f.webhooks.windowHours} h`,
    testId: "webhookErrorRate",
  },
];

/** The admin dashboard: the platform's figures of the moment and the latest admin actions. */
export function AdminDashboard() {
  const { data, isError } = useAdminDashboard();
  return (
    <Stack>
      <Title>Admin Dashboard</Title>
      {isError && <Text c="red.9">Could not load the figures.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {CARDS.map((card) => (
          <Card withBorder key={card.testId} aria-label={card.title}>
            <Text size="sm" c="dimmed" fw={500}>
              {card.title}
            </Text>
            {data ? (
              <>
                <Text fz={28} fw={700} data-testid={`admin-stat-${card.testId}`}>
                  {card.value(data)}
                </Text>
                <Text size="xs" c="dimmed">
                  {card.note(data)}
                </Text>
              </>
            ) : (
              <Skeleton h={36} my={4} />
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Recent Activity
          </Title>
          <Anchor component={Link} to="/admin/audit-log">
            View audit log
          </Anchor>
        </Group>
        {data && data.recentActions.length === 0 && <Text c="dimmed">No admin actions yet.</Text>}
        {data && data.recentActions.length > 0 && (
          <ScrollHint label="Recent admin actions">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.recentActions.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatWhen(entry.createdAt)}</Table.Td>
                    <Table.Td>{entry.actorEmail}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                    <Table.Td>{entry.targetId ?? entry.targetType}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollHint>
        )}
      </Card>
    </Stack>
  );
}
