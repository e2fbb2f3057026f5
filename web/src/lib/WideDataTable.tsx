import { DataTable, type DataTableProps } from "mantine-datatable";
import { ScrollHint } from "./ScrollHint";

/**
 * A DataTable that may be wider than a phone's screen: it scrolls sideways in its own box with
 * the scroll hint (ScrollHint), named like the table. Takes DataTable's props as they are.
 */
export function WideDataTable<T>(props: DataTableProps<T>) {
  const named = props as { "aria-label"?: string; "aria-labelledby"?: string };
  return (
    <ScrollHint label={named["aria-label"]} labelledBy={named["aria-labelledby"]}>
      <DataTable<T> {...props} />
    </ScrollHint>
  );
}
