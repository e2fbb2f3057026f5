import { Card, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useAccountPlan } from "./hooks";

/**
 * What is left of the free trial's included minutes and texts (GET /api/billing/plan), drawn
 * before the prepaid wallet. Nothing without a running trial.
 */
export function TrialAllowanceCard() {
  const { data: plan } = useAccountPlan();
  const allowance = plan?.allowance;
  if (!allowance) return null;
  return (
    <Card withBorder padding="lg" aria-labelledby="trial-allowance-title" data-testid="trial-allowance">
      <Stack gap="sm">
        <Title order={2} size="h4" id="trial-allowance-title">
          Included in Your Trial
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Left label="Minutes" left={allowance.minutesLeft} included={allowance.minutesIncluded} />
          <Left label="Texts" left={allowance.textsLeft} included={allowance.textsIncluded} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Calls (incoming and outgoing) and texts you send use these first, then your prepaid wallet.
        </Text>
      </Stack>
    </Card>
  );
}

function Left({ label, left, included }: { label: string; left: number; included: number }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>{`${left} of ${included} ${label.toLowerCase()} left`}</Text>
      <Progress
        value={included > 0 ? (left / included) * 100 : 0}
        color={left === 0 ? "red" : "blue"}
        aria-label={`${label} of the trial left`}
      />
    </Stack>
  );
}
