import { Card, Group, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import type { DashboardStats } from "../../api/console";
import { formatChange, trendOf } from "./format";
import { useDashboardStats } from "./queries";

const CARDS: { key: keyof Omit<DashboardStats, "windowDays">; title: string }[] = [
  { key: "totalCalls", title: "Total Calls" },
  { key: "incoming", title: "Incoming" },
  { key: "outgoing", title: "Outgoing" },
  { key: "missed", title: "Missed" },
];

/** The four stat cards: last 30 days, change against the 30 days before, trend. */
export function StatCards() {
  const { data, isError } = useDashboardStats();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {CARDS.map(({ key, title }) => {
        const stat = data?.[key];
        const trend = trendOf(stat?.changePercent ?? null);
        const Arrow = trend === "up" ? ArrowUpRight : trend === "down" ? ArrowDownRight : ArrowRight;
        // More missed calls is bad news; more calls otherwise good.
        const good = key === "missed" ? trend === "down" : trend === "up";
        const color = trend === "flat" ? "dimmed" : good ? "teal.9" : "red.9";
        return (
          <Card withBorder key={key} aria-label={title}>
            <Text size="sm" c="dimmed" fw={500}>
              {title}
            </Text>
            {stat ? (
              <Text fz={28} fw={700} data-testid={`stat-${key}`}>
                {stat.value}
              </Text>
            ) : isError ? (
              <Text c="red.9">Could not load</Text>
            ) : (
              <Skeleton h={36} my={4} />
            )}
            <Group gap={4} justify="space-between">
              <Text size="xs" c="dimmed">
                Last 30 days
              </Text>
              {stat && (
                <Group gap={2} c={color}>
                  <Arrow size={14} aria-hidden />
                  <Text size="xs" c={color} aria-label={`Change ${formatChange(stat.changePercent)}`}>
                    {formatChange(stat.changePercent)}
                  </Text>
                </Group>
              )}
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
