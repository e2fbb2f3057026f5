import { Alert, Anchor, Text } from "@mantine/core";
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { useAccountPlan } from "./hooks";
import { PausedBanner, pausedNoticeOf } from "./PausedBanner";

/**
 * The console's notice of the trial and the billing gate, above every console page: telephony
 * paused for any reason (PausedBanner, with the action that resumes it), else a trial's last week.
 */
export function TrialBanner() {
  const { data: plan } = useAccountPlan();
  if (!plan) return null;
  if (pausedNoticeOf(plan)) return <PausedBanner />;
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

/** The trial's reminder in its last week (paused telephony is PausedBanner's). */
export function noticeOf(plan: Plan): { text: string; link: string; urgent: boolean } | null {
  const days = plan.trial.daysLeft;
  if (plan.subscription === null && days !== null && days <= 7)
    return {
      text: `Your free trial ends ${days <= 1 ? "within a day" : `in ${days} days`}. Subscribe to keep your calls and texts going.`,
      link: "Choose a plan",
      urgent: false,
    };
  return null;
}
