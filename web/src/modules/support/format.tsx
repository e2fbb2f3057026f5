import { Badge } from "@mantine/core";
import type { TicketPriority, TicketSide, TicketStatus } from "../../api/support";
import { formatDateTime } from "../../ui/format";
import { statusLabel } from "./status-words";

export { STATUS_OPTIONS } from "./status-words";

/** Dark shades: their text keeps 4.5:1 against white (axe). */
const STATUS_COLORS: Record<TicketStatus, string> = {
  open: "blue.9",
  pending_admin: "teal.9",
  pending_user: "grape.9",
  closed: "gray.7",
};

export function StatusBadge({ side, status }: { side: TicketSide; status: TicketStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="outline">
      {statusLabel(side, status)}
    </Badge>
  );
}

/** Seed 001: high is shown in a destructive style. */
export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge
      color={priority === "high" ? "red.9" : "gray.7"}
      variant={priority === "high" ? "filled" : "outline"}
    >
      {priority}
    </Badge>
  );
}

/** Date and time as the console writes them, in the account's time zone when given. */
export const formatWhen = (iso: string, timeZone?: string) => formatDateTime(iso, timeZone);

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export const PRIORITY_OPTIONS = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
];
