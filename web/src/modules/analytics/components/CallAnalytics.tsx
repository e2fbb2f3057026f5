import "@mantine/charts/styles.css";
import "@mantine/dates/styles.css";
import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { formatDay } from "../format";
import { useAnalytics, useRangeSelection } from "../useAnalytics";
import { BusiestHours } from "./BusiestHours";
import { ChartsRow } from "./CallCharts";
import { ExtensionTable } from "./ExtensionTable";
import { RangePicker } from "./RangePicker";
import { StatCards } from "./StatCards";
import { TopLists } from "./TopLists";

/** The analytics screen's body: the range select, then every figure of that range. */
export function CallAnalytics() {
  const [selection, select] = useRangeSelection();
  const { data, error, isFetching, refetch } = useAnalytics(selection);
  const waitingForDays = selection.range === "custom" && !(selection.from && selection.to);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <RangePicker value={selection} onChange={select} />
        {data && !waitingForDays && (
          <Text size="sm" c="gray.7" aria-live="polite" data-testid="range-days">
            {data.from === data.to ? formatDay(data.from) : `${formatDay(data.from)} – ${formatDay(data.to)}`}
            {isFetching ? " (updating…)" : ""}
          </Text>
        )}
      </Group>
      {waitingForDays ? (
        <Text c="gray.7">Pick the first and last day of the range.</Text>
      ) : error ? (
        <Alert color="red" title="Error loading analytics">
          <Text mb="sm">{error.message}</Text>
          <Button variant="light" color="red" onClick={() => refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : !data ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading analytics" />
        </Group>
      ) : (
        <>
          <StatCards totals={data.totals} />
          <ChartsRow data={data} />
          <BusiestHours cells={data.busiestHours} timeZone={data.timeZone} />
          <TopLists data={data} />
          <ExtensionTable extensions={data.extensions} />
        </>
      )}
    </Stack>
  );
}
