import { DataTable, type DataTableProps } from "mantine-datatable";
import { ScrollHint } from "./ScrollHint";

/**
 * A DataTable that may be wider than a phone's screen: it scrolls sideways in its own box with
 * the scroll hint (ScrollHint), named by its aria-label. Takes DataTable's props as they are.
 */
export function WideDataTable<T>(props: DataTableProps<T> & { "aria-label": string }) {
  return (
    <ScrollHint label={props["aria-label"]}>
      <DataTable<T> {...props} />
    </ScrollHint>
  );
}
