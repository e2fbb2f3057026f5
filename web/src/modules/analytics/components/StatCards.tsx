import { Card, SimpleGrid, Text } from "@mantine/core";
import type { Analytics } from "../../../api/analytics";
import { formatCount, formatDuration } from "../../../ui/format";
import { formatRate } from "../format";

function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={label}>
      <Text size="sm" c="gray.7" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={`stat-${label}`}>
        {value}
      </Text>
      <Text size="sm" c="gray.7">
        {detail}
      </Text>
    </Card>
  );
}

/** The range's totals: calls, answered and missed with their rates, average talk time. */
export function StatCards({ totals }: { totals: Analytics["totals"] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Stat
        label="Total Calls"
        value={formatCount(totals.total)}
        detail={`${formatCount(totals.inbound)} incoming, ${formatCount(totals.outbound)} outgoing`}
      />
      <Stat
        label="Answered"
        value={formatCount(totals.answered)}
        detail={`${formatRate(totals.answerRate)} answer rate`}
      />
      <Stat
        label="Missed"
        value={formatCount(totals.missed)}
        detail={`${formatRate(totals.missedRate)} missed rate`}
      />
      <Stat
        label="Avg. Duration"
        value={formatDuration(totals.averageDurationSeconds)}
        detail={`${formatDuration(totals.totalDurationSeconds)} talk time in all`}
      />
    </SimpleGrid>
  );
}
