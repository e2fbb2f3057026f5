import { Alert } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type {
  DataTableColumn,
  DataTableRowClickHandler,
  DataTableRowExpansionProps,
} from "mantine-datatable";
import { WideDataTable } from "../../lib/WideDataTable";
import { ADMIN_PAGE_SIZE } from "./hooks";

interface AdminTableProps<T> {
  /** The page's list query; its data carries the total for the pager. */
  list: UseQueryResult<{ total: number }, Error>;
  records: T[] | undefined;
  /** The alert's title when the list cannot be read. */
  errorTitle: string;
  "aria-label": string;
  noRecordsText: string;
  columns: DataTableColumn<T>[];
  page: number;
  onPageChange: (page: number) => void;
  onRowClick?: DataTableRowClickHandler<T>;
  rowExpansion?: DataTableRowExpansionProps<T>;
}

/** An admin list paged on the server (ADMIN_PAGE_SIZE rows a page), or the alert saying why it cannot be read. */
export function AdminTable<T>({ list, records, errorTitle, onRowClick, ...table }: AdminTableProps<T>) {
  if (list.isError) {
    return (
      <Alert color="red" title={errorTitle}>
        {list.error.message}
      </Alert>
    );
  }
  return (
    <WideDataTable<T>
      {...table}
      records={records ?? []}
      fetching={list.isFetching}
      minHeight={150}
      striped
      highlightOnHover={onRowClick !== undefined}
      onRowClick={onRowClick}
      totalRecords={list.data?.total ?? 0}
      recordsPerPage={ADMIN_PAGE_SIZE}
    />
  );
}
