import { Badge } from "@mantine/core";
import type { ThreadMessage } from "../../api/messages";

const labels: Record<NonNullable<ThreadMessage["automation"]>, string> = {
  missed_call: "Missed-call text-back",
  after_hours: "After-hours reply",
  first_contact: "First-contact reply",
  scheduled: "Scheduled",
};

/** Marks a text the system sent (an automation or a scheduled text) in the conversation. */
export function AutomationBadge({ automation }: { automation: ThreadMessage["automation"] }) {
  if (!automation) return null;
  return (
    <Badge size="xs" variant="white" color="dark" data-testid="automation-badge">
      {labels[automation]}
    </Badge>
  );
}
