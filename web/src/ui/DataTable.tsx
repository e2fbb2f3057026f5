import {
  DataTable as MantineDataTable,
  type DataTableProps as MantineDataTableProps,
} from "mantine-datatable";
import { ScrollHint } from "./ScrollHint";

/** One page of a list paged on the server: which page, how many rows a page, how many in all. */
export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** The pager's summary; mantine-datatable's own ("1 - 20 / 57") by default. */
  text?: (range: { from: number; to: number; totalRecords: number }) => string;
}

export type DataTableProps<T> = MantineDataTableProps<T> & {
  /** The pager under the table, for a list the server pages. */
  paging?: Paging;
};

function pagingProps(paging: Paging | undefined) {
  if (!paging) return {};
  return {
    page: paging.page,
    onPageChange: paging.onPageChange,
    totalRecords: paging.total,
    recordsPerPage: paging.pageSize,
    ...(paging.text ? { paginationText: paging.text } : {}),
  };
}

/**
 * The console's table (mantine-datatable): it may be wider than a phone's screen, so it scrolls
 * sideways in its own box with the scroll hint (ScrollHint), named like the table; `paging` adds
 * the pager. Takes mantine-datatable's props as they are.
 */
export function DataTable<T>({ paging, ...props }: DataTableProps<T>) {
  const named = props as { "aria-label"?: string; "aria-labelledby"?: string };
  const table = { ...props, ...pagingProps(paging) } as MantineDataTableProps<T>;
  return (
    <ScrollHint label={named["aria-label"]} labelledBy={named["aria-labelledby"]}>
      <MantineDataTable<T> {...table} />
    </ScrollHint>
  );
}
