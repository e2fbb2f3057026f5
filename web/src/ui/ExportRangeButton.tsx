import "@mantine/dates/styles.css";
import { Button, Popover, Stack, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { dateRangeQuerySchema } from "@poundline/contracts/date-range";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { withQuery } from "../api/client";

type Range = [string | null, string | null];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last 30 days, today included (the browser's day: the server reads it in the account's zone). */
function lastThirtyDays(): Range {
  const today = new Date();
  const start = new Date(today.getTime() - 29 * 86_400_000);
  return [isoDay(start), isoDay(today)];
}

/** A list's filters, as its export endpoint takes them (the same names as the list's query). */
export type ExportFilters = Record<string, string | string[] | undefined>;

/** The download's address, or the range's first problem (the contract's own check). */
function exportLink(
  path: string,
  [from, to]: Range,
  filters: ExportFilters,
): { href: string } | { error: string } {
  const parsed = dateRangeQuerySchema.safeParse({ from: from ?? "", to: to ?? "" });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Choose a date range." };
  return { href: withQuery(path, { ...filters, ...parsed.data }) };
}

interface ExportRangeButtonProps {
  path: string;
  what: string;
  /** The screen's filters: the export holds what the list shows. */
  filters?: ExportFilters;
  /** The list's one day, when it is filtered by one: the range starts as that day. */
  day?: string | null;
}

/**
 * "Export": a date range, then a CSV download of `path` (an export.csv endpoint) for it, with the
 * screen's filters.
 */
export function ExportRangeButton({ path, what, filters = {}, day }: ExportRangeButtonProps) {
  const [range, setRange] = useState<Range>(() => (day ? [day, day] : lastThirtyDays()));
  const link = exportLink(path, range, filters);
  const filtered = Object.values(filters).some((value) => value !== undefined && value.length > 0);
  // The calendar's dialog is named by its target: the picker's button must carry the target's id.
  const pickerId = useId();
  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<Download size={16} aria-hidden />}>
          Export
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Export ${what}`}>
        <Stack gap="sm" w={280}>
          <Text size="sm">Export {what} as CSV</Text>
          {filtered && <Text size="sm">Only the {what} your search and filters show.</Text>}
          <DatePickerInput
            type="range"
            id={`${pickerId}-target`}
            label="Export range"
            nextLabel="Next month"
            previousLabel="Previous month"
            // Mantine's grey outside days and red weekends are below 4.5:1 on white.
            hideOutsideDates
            weekendDays={[]}
            value={range}
            onChange={(value) => setRange(value as Range)}
            valueFormat="MMM D, YYYY"
            allowSingleDateInRange
            error={"error" in link && range[0] && range[1] ? link.error : undefined}
            popoverProps={{ id: pickerId, withinPortal: false }}
          />
          <Button
            component="a"
            href={"href" in link ? link.href : undefined}
            download
            disabled={!("href" in link)}
            leftSection={<Download size={16} aria-hidden />}
          >
            Download CSV
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
