import { SimpleGrid } from "@mantine/core";
import { SpendGuardCard } from "./SpendGuardCard";
import { TrialAllowanceCard } from "./TrialAllowanceCard";
import { UsageCard } from "./UsageCard";

/** What the Billing & Wallet screen shows of the plan and the spend guard, beside the balance. */
export function BillingPlanCards() {
  return (
    <>
      <TrialAllowanceCard />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <UsageCard />
        <SpendGuardCard />
      </SimpleGrid>
    </>
  );
}
