import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { billingPlanApi, type SpendGuardInput } from "../../api/billing-plan";
import { useApi } from "../../api/context";

/** Query keys of the plan, usage and spend guard, all under ["billing-plan"]. */
export const billingPlanKeys = {
  all: ["billing-plan"] as const,
  plan: ["billing-plan", "plan"] as const,
  usage: ["billing-plan", "usage"] as const,
  spendGuard: ["billing-plan", "spend-guard"] as const,
};

export function useBillingPlanApi() {
  return billingPlanApi(useApi());
}

/** The account's plan and trial (the console's banner reads it on every page). */
export function useAccountPlan() {
  const api = useBillingPlanApi();
  return useQuery({
    queryKey: billingPlanKeys.plan,
    queryFn: ({ signal }) => api.plan(signal),
    staleTime: 60_000,
  });
}

export function useMonthUsage() {
  const api = useBillingPlanApi();
  return useQuery({
    queryKey: billingPlanKeys.usage,
    queryFn: ({ signal }) => api.usage(signal),
    staleTime: 10_000,
    meta: { toastTitle: "Wallet Error" },
  });
}

export function useSpendGuard() {
  const api = useBillingPlanApi();
  return useQuery({
    queryKey: billingPlanKeys.spendGuard,
    queryFn: ({ signal }) => api.spendGuard(signal),
    staleTime: 10_000,
    meta: { toastTitle: "Wallet Error" },
  });
}

/** Saves the spend guard; the plan (its gate) and usage are read again. */
export function useSaveSpendGuard() {
  const api = useBillingPlanApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SpendGuardInput) => api.saveSpendGuard(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(billingPlanKeys.spendGuard, saved);
      return queryClient.invalidateQueries({ queryKey: billingPlanKeys.all });
    },
  });
}
