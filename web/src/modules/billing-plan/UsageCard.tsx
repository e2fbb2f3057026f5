import { Alert, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AccountPlan } from "../../api/billing-plan";
import { formatMoney } from "../../ui/format";
import { useAccountPlan, useMonthUsage } from "./hooks";

/** Month-to-date usage by calls and texts (from the ledger), against the spend cap when there is one. */
export function UsageCard() {
  const { data: usage, isPending } = useMonthUsage();
  const { data: plan } = useAccountPlan();
  const cap = usage?.monthlySpendCapCents ?? null;
  return (
    <Card withBorder padding="lg" aria-labelledby="usage-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="usage-title">
            Usage This Month
          </Title>
          {plan && <Text size="sm" c="dimmed">{`${plan.plan} plan`}</Text>}
        </Group>
        {isPending || !usage ? (
          <Skeleton h={60} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Figure
                label="Calls"
                value={formatMoney(usage.calls.cents)}
                detail={`${usage.calls.count} calls`}
              />
              <Figure
                label="Texts"
                value={formatMoney(usage.texts.cents)}
                detail={`${usage.texts.count} texts`}
              />
              <Figure label="Total" value={formatMoney(usage.totalCents)} detail="since the 1st (UTC)" />
            </SimpleGrid>
            {cap !== null && (
              <Stack gap={4}>
                <Progress
                  value={Math.min(100, (usage.totalCents / cap) * 100)}
                  color={usage.totalCents >= cap ? "red" : "blue"}
                  aria-label="Share of the monthly spending limit used"
                />
                <Text
                  size="xs"
                  c="dimmed"
                >{`${formatMoney(usage.totalCents)} of the ${formatMoney(cap)} monthly limit`}</Text>
              </Stack>
            )}
            {plan?.limits.textsPerMonth != null && (
              <Text size="xs" c="dimmed">
                {`${plan.used.textsThisMonth} of ${plan.limits.textsPerMonth} texts included in your plan this month`}
              </Text>
            )}
            {plan && <RecordingUse plan={plan} />}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}

/** The month's recording hours against the plan's, or null when the plan includes none. */
export function recordingUseOf(plan: AccountPlan): string | null {
  const included = plan.limits.recordingHoursPerMonth;
  const used = plan.used.recordingHoursThisMonth;
  if (included === 0) return null;
  return included === null
    ? `${used} hours of calls recorded this month (no limit)`
    : `${used} of ${included} recording hours included in your plan used this month`;
}

/** The recording hours, with the warning from 80% (yellow) and at the limit (red: calls not recorded). */
function RecordingUse({ plan }: { plan: AccountPlan }) {
  const use = recordingUseOf(plan);
  if (!use) return null;
  const { recordingWarning, recordingNotice } = plan.used;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {use}
      </Text>
      {recordingWarning && recordingNotice && (
        <Alert
          color={recordingWarning === "at_limit" ? "red" : "yellow"}
          title={recordingWarning === "at_limit" ? "Call recording stopped" : "Call recording nearly used"}
        >
          {recordingNotice}
        </Alert>
      )}
    </Stack>
  );
}
