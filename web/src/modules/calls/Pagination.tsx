import { Button, Group, Text } from "@mantine/core";
import { formatCount } from "../../ui/format";
import { pageWindow } from "./format";

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** False when `total` is a lower bound: more rows match (a count stopped at a bound). */
  totalExact?: boolean;
  onChange: (page: number) => void;
  /** What the rows are, for the summary and the buttons' labels ("calls"). */
  noun: string;
}

/** Numbered pagination with a window of 5 page buttons, Previous and Next (seed 001). */
export function Pager({ page, pageSize, total, totalExact = true, onChange, noun }: PagerProps) {
  // Past a lower bound there is at least one more row, so one more page.
  const totalPages = Math.max(1, Math.ceil(total / pageSize) + (totalExact ? 0 : 1));
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        Showing {formatCount(from)} to {formatCount(to)} of {totalExact ? "" : "more than "}
        {formatCount(total)} {noun}
      </Text>
      <Group gap={4} component="nav" aria-label={`Pages of ${noun}`}>
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            size="xs"
            variant={n === page ? "filled" : "default"}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
