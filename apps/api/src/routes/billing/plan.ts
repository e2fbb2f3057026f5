import { planEndpoints } from "@poundline/contracts/billing/plan-endpoints";
import { recordingUsageMessage, recordingWarning } from "@poundline/contracts/billing/plan-limits";
import { schema } from "@poundline/db";
import { gateState } from "@poundline/domain";
import { currentPlan } from "@poundline/modules/billing/current-plan";
import { memberCounts } from "@poundline/modules/billing/enforce";
import { allowanceView, trialAllowance } from "@poundline/modules/billing/trial-allowance";
import { recordedSecondsThisMonth, textsSentThisMonth } from "@poundline/modules/billing/usage";
import { count, eq } from "drizzle-orm";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

const DAY_MS = 86_400_000;

/** The account's plan and trial: its limits, what it uses of them this month, its subscription and gate. */
export const plan = handle(planEndpoints.plan, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const now = clock();
  const [current, members, [numbers], texts, recordedSeconds, allowance] = await Promise.all([
    currentPlan(db.db, account.id, now),
    memberCounts(db.db, account.id),
    db.db
      .select({ n: count() })
      .from(schema.phoneNumbers)
      .where(eq(schema.phoneNumbers.accountId, account.id)),
    textsSentThisMonth(db.db, account.id, now),
    recordedSecondsThisMonth(db.db, account.id, now),
    trialAllowance(db.db, account.id, now),
  ]);
  const compiled = routing.current().accounts.get(account.id);
  const { trialEndsAt } = current;
  return {
    plan: current.limits.plan,
    limits: {
      maxNumbers: current.limits.maxNumbers,
      tollFree: current.limits.tollFree,
      maxUsers: current.limits.maxUsers,
      maxAdmins: current.limits.maxAdmins,
      textsPerMonth: current.limits.textsPerMonth,
      recordingHoursPerMonth: current.limits.recordingHoursPerMonth,
    },
    used: {
      numbers: numbers?.n ?? 0,
      users: members.members,
      admins: members.admins,
      textsThisMonth: texts,
      recordingHoursThisMonth: Math.round((recordedSeconds / 3600) * 100) / 100,
      recordingWarning: recordingWarning(current.limits, recordedSeconds),
      recordingNotice: recordingUsageMessage(current.limits, recordedSeconds),
    },
    subscription: current.subscription
      ? {
          id: current.subscription.id,
          status: current.subscription.status,
          nextBillingDate: current.subscription.nextBillingDate,
          cancelAtPeriodEnd: current.subscription.cancelAtPeriodEnd,
          scheduledPlanName: current.subscription.scheduledPlanName,
        }
      : null,
    trial: {
      endsAt: trialEndsAt,
      daysLeft:
        trialEndsAt === null
          ? null
          : Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS)),
      ended: current.trialEnded,
    },
    gate: compiled ? gateState(compiled.gate, now) : "open",
    allowance: allowanceView(allowance),
  };
});
