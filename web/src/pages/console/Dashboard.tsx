import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useSession } from "../../app/session";
import { TrialAllowanceCard } from "../../modules/billing-plan/TrialAllowanceCard";
import { QuickActions } from "../../modules/console/QuickActions";
import { RecentCalls } from "../../modules/console/RecentCalls";
import { RecentVoicemails } from "../../modules/console/RecentVoicemails";
import { SetupGuide } from "../../modules/console/SetupGuide";
import { StatCards } from "../../modules/console/StatCards";
import { ActiveCallsPanel } from "../../modules/live/ActiveCallsPanel";
import { WaitingCallersPanel } from "../../modules/live/WaitingCallersPanel";

const DASHBOARD_KEYS = [["dashboard"], ["calls"], ["voicemails"], ["unread"], ["setup-guide"]];

/** Dashboard home: the setup guide, stat cards, quick actions, active calls, recent calls and voicemails. */
export function DashboardPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ predicate: (q) => DASHBOARD_KEYS.some((k) => q.queryKey[0] === k[0]) });
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title>Dashboard</Title>
          <Text c="dimmed">Welcome back, {user?.firstName}</Text>
        </div>
        <Button
          variant="default"
          leftSection={<RefreshCw size={16} aria-hidden />}
          loading={fetching > 0}
          onClick={() => {
            for (const queryKey of DASHBOARD_KEYS) void queryClient.invalidateQueries({ queryKey });
          }}
        >
          Refresh
        </Button>
      </Group>
      <SetupGuide />
      <StatCards />
      <TrialAllowanceCard />
      <QuickActions />
      <ActiveCallsPanel />
      <WaitingCallersPanel />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RecentCalls />
        <RecentVoicemails />
      </SimpleGrid>
    </Stack>
  );
}
