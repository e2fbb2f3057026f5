import type { UseQueryResult } from "@tanstack/react-query";
import type {
  DataTableColumn,
  DataTableRowClickHandler,
  DataTableRowExpansionProps,
} from "mantine-datatable";
import { DataTable } from "../../ui/DataTable";
import { QueryError } from "../../ui/QueryState";
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
export function AdminTable<T>({
  list,
  records,
  errorTitle,
  onRowClick,
  page,
  onPageChange,
  ...table
}: AdminTableProps<T>) {
  if (list.isError) {
    return <QueryError query={list} title={errorTitle} />;
  }
  return (
    <DataTable<T>
      {...table}
      records={records ?? []}
      fetching={list.isFetching}
      minHeight={150}
      striped
      highlightOnHover={onRowClick !== undefined}
      onRowClick={onRowClick}
      paging={{ page, onPageChange, total: list.data?.total ?? 0, pageSize: ADMIN_PAGE_SIZE }}
    />
  );
}
