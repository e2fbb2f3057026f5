import { Alert, Button, Group, Text } from "@mantine/core";
import { PhoneOff } from "lucide-react";
import { Link } from "react-router";
import { useAccountPlan } from "./hooks";

type Plan = NonNullable<ReturnType<typeof useAccountPlan>["data"]>;
type PausedGate = Exclude<Plan["gate"], "open">;

/** Why telephony is paused, and the one action that resumes it, per gate state of GET /api/billing/plan. */
export const PAUSED_NOTICES: Record<PausedGate, { text: string; action: string; to: string }> = {
  trial_ended: {
    text: "Calls and texts are paused: your free trial has ended. Subscribe to a plan to resume them.",
    action: "Choose a plan",
    to: "/dashboard/billing",
  },
  spend_cap: {
    text: "Calls and texts are paused: this account has reached its monthly spending limit. They resume next month, or when you raise the limit.",
    action: "Raise spend cap",
    to: "/dashboard/billing",
  },
  wallet_empty: {
    text: "Calls are paused: your prepaid wallet is empty. Callers hear that you cannot take calls at the moment.",
    action: "Add funds",
    to: "/dashboard/billing",
  },
  trial_allowance_used: {
    text: "Calls are paused: your trial's included minutes are used and your prepaid wallet is empty. Callers hear that you cannot take calls at the moment.",
    action: "Add funds",
    to: "/dashboard/billing",
  },
  suspended: {
    text: "Calls and texts are paused: this account is suspended.",
    action: "Contact support",
    to: "/dashboard/support",
  },
};

/** The notice of paused telephony for the account's plan, or null when calls are taken. */
export const pausedNoticeOf = (plan: Plan) => (plan.gate === "open" ? null : PAUSED_NOTICES[plan.gate]);

/**
 * The console's banner while telephony is paused (any gate state but open), with the action that
 * resumes it. Its own component, on every console page above the page (the layout's TrialBanner),
 * so a page can place other notices beside it.
 */
export function PausedBanner() {
  const { data: plan } = useAccountPlan();
  const notice = plan ? pausedNoticeOf(plan) : null;
  if (!notice) return null;
  return (
    <Alert
      color="red"
      icon={<PhoneOff size={18} aria-hidden />}
      title={
        // The alert's own red title is too light on its background (axe: contrast).
        <Text component="span" fw={700} size="sm" c="red.9">
          Telephony paused
        </Text>
      }
      mb="md"
      role="alert"
      data-testid="paused-banner"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{notice.text}</Text>
        <Button component={Link} to={notice.to} size="xs" color="red">
          {notice.action}
        </Button>
      </Group>
    </Alert>
  );
}
