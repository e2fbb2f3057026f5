import { BarChart, DonutChart } from "@mantine/charts";
import { Card, Grid, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import type { Analytics } from "../../../api/analytics";
import { formatCount } from "../../../ui/format";
import { formatDay, formatRate } from "../format";

/** Calls per day by direction, and missed ones, over the range's days. */
export function CallsPerDayChart({ daily }: { daily: Analytics["daily"] }) {
  const data = daily.map((d) => ({
    day: formatDay(d.day),
    Incoming: d.inbound,
    Outgoing: d.outbound,
    Missed: d.missed,
  }));
  const sum = (key: "inbound" | "outbound" | "missed") => daily.reduce((n, d) => n + d[key], 0);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="calls-per-day">
      <Title order={2} size="h4" id="calls-per-day" mb="sm">
        Calls per Day
      </Title>
      <VisuallyHidden>
        {`${daily.length} days: ${sum("inbound")} incoming, ${sum("outbound")} outgoing, ${sum("missed")} missed calls.`}
      </VisuallyHidden>
      <BarChart
        h={260}
        data={data}
        dataKey="day"
        withLegend
        series={[
          { name: "Incoming", color: "blue.6" },
          { name: "Outgoing", color: "teal.6" },
          { name: "Missed", color: "red.6" },
        ]}
        tickLine="y"
        barChartProps={{ accessibilityLayer: false }}
      />
    </Card>
  );
}

/** Answered, missed and other (failed, still ringing) calls as shares of the range's calls. */
export function AnswerRateChart({ totals }: { totals: Analytics["totals"] }) {
  const other = Math.max(0, totals.total - totals.answered - totals.missed);
  const data = [
    { name: "Answered", value: totals.answered, color: "teal.6" },
    { name: "Missed", value: totals.missed, color: "red.6" },
    { name: "Other", value: other, color: "gray.5" },
  ].filter((d) => d.value > 0);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="answer-rate">
      <Title order={2} size="h4" id="answer-rate" mb="sm">
        Answered vs Missed
      </Title>
      {totals.total === 0 ? (
        <Text c="gray.7">No calls in this range.</Text>
      ) : (
        <Group align="center" gap="lg" wrap="nowrap">
          {/* The figures beside it say what the ring shows: the ring is decoration for screen readers. */}
          <div aria-hidden="true" inert>
            <DonutChart
              data={data}
              size={160}
              thickness={24}
              chartLabel={formatRate(totals.answerRate)}
              withTooltip={false}
              pieChartProps={{ accessibilityLayer: false }}
              pieProps={{ rootTabIndex: -1 }}
            />
          </div>
          <Stack gap={4}>
            <Text>Answered: {formatRate(totals.answerRate)}</Text>
            <Text>Missed: {formatRate(totals.missedRate)}</Text>
            {other > 0 && <Text>Other: {formatCount(other)}</Text>}
          </Stack>
        </Group>
      )}
    </Card>
  );
}

export function ChartsRow({ data }: { data: Analytics }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <CallsPerDayChart daily={data.daily} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <AnswerRateChart totals={data.totals} />
      </Grid.Col>
    </Grid>
  );
}
