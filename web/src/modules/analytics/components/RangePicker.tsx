import { Group, Select } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { ANALYTICS_RANGES, type AnalyticsRange } from "@poundline/domain/calendar-ranges";
import { RANGE_LABELS } from "../format";
import type { RangeSelection } from "../useAnalytics";

const options = ANALYTICS_RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range] }));

/** Seed 001's date-range select; a custom range picks its two days. */
export function RangePicker({
  value,
  onChange,
}: {
  value: RangeSelection;
  onChange: (next: RangeSelection) => void;
}) {
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="Date range"
        data={options}
        value={value.range}
        allowDeselect={false}
        onChange={(range) =>
          range && onChange({ range: range as AnalyticsRange, from: value.from, to: value.to })
        }
        w={180}
      />
      {value.range === "custom" && (
        <DatePickerInput
          type="range"
          label="Custom dates"
          placeholder="Pick the first and last day"
          value={[value.from ?? null, value.to ?? null]}
          onChange={([from, to]) =>
            onChange({ range: "custom", from: from ?? undefined, to: to ?? undefined })
          }
          valueFormat="MMM D, YYYY"
          allowSingleDateInRange
          w={280}
        />
      )}
    </Group>
  );
}
