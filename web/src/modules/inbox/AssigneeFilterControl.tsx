import { SegmentedControl } from "@mantine/core";
import { useState } from "react";
import { useSession } from "../../app/session";

export type AssigneeFilter = "mine" | "unassigned" | "all";

const options: { value: AssigneeFilter; label: string }[] = [
  { value: "mine", label: "Assigned to me" },
  { value: "unassigned", label: "Unassigned" },
  { value: "all", label: "All" },
];

/** The shared inbox's three views of a list: one's own items, nobody's, everything. */
export function AssigneeFilterControl({
  value,
  onChange,
  label,
}: {
  value: AssigneeFilter;
  onChange: (value: AssigneeFilter) => void;
  label: string;
}) {
  return (
    <SegmentedControl
      aria-label={label}
      size="xs"
      fullWidth
      value={value}
      onChange={(next) => onChange(next as AssigneeFilter)}
      data={options}
    />
  );
}

/** The filter's state and the list query's `assignee` for it ("" or undefined: all). */
export function useAssigneeFilter(onChange?: () => void) {
  const [filter, setFilter] = useState<AssigneeFilter>("all");
  const me = useSession().user?.id ?? "";
  const assignee = filter === "mine" ? me : filter === "unassigned" ? "unassigned" : undefined;
  const change = (next: AssigneeFilter) => {
    setFilter(next);
    onChange?.();
  };
  return [filter, change, assignee] as const;
}
