import { Alert, Anchor, Text } from "@mantine/core";
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { useAccountPlan } from "./hooks";

/**
 * The console's notice of the trial and the billing gate: a trial's last week, a trial that ended
 * (calls and texts refused until a subscription starts), a spend cap reached. Links to billing.
 */
export function TrialBanner() {
  const { data: plan } = useAccountPlan();
  if (!plan) return null;
  const notice = noticeOf(plan);
  if (!notice) return null;
  return (
    <Alert
      color={notice.urgent ? "red" : "yellow"}
      icon={<TriangleAlert size={18} aria-hidden />}
      mb="md"
      role={notice.urgent ? "alert" : "status"}
      data-testid="billing-banner"
    >
      <Text size="sm">
        {notice.text}{" "}
        <Anchor component={Link} to="/dashboard/billing" size="sm" fw={600}>
          {notice.link}
        </Anchor>
      </Text>
    </Alert>
  );
}

type Plan = NonNullable<ReturnType<typeof useAccountPlan>["data"]>;

export function noticeOf(plan: Plan): { text: string; link: string; urgent: boolean } | null {
  if (plan.gate === "trial_ended")
    return {
      text: "Your free trial has ended: calls and texts are paused until you subscribe to a plan.",
      link: "Choose a plan",
      urgent: true,
    };
  if (plan.gate === "spend_cap")
    return {
      text: "This account has reached its monthly spending limit: calls and texts are paused until next month.",
      link: "Raise the limit",
      urgent: true,
    };
  const days = plan.trial.daysLeft;
  if (plan.subscription === null && days !== null && days <= 7)
    return {
      text: `Your free trial ends ${days <= 1 ? "within a day" : `in ${days} days`}. Subscribe to keep your calls and texts going.`,
      link: "Choose a plan",
      urgent: false,
    };
  return null;
}
