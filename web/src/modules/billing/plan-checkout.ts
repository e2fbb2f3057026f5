import { useMutation } from "@tanstack/react-query";
import { billingApi } from "../../api/billing";
import { useApi } from "../../api/context";
import { checkoutFailed, goToStripe } from "./checkout";

/** The pricing page's plans that Checkout sells, by their names there. */
const PLAN_KEYS: Record<string, "starter" | "professional" | "enterprise"> = {
  Starter: "starter",
  Professional: "professional",
  Enterprise: "enterprise",
};

export interface PlanCheckout {
  /** Opens Stripe Checkout for the plan at the billing toggle's period. */
  start(planName: string, period: "monthly" | "annual"): void;
  /** The plan whose Checkout is being opened. */
  pendingPlan: string | null;
}

/** Subscribing from the pricing page: Checkout in subscription mode, or the seed's error toasts. */
export function usePlanCheckout(): PlanCheckout {
  const api = billingApi(useApi());
  const open = useMutation({
    mutationFn: ({
      plan,
      interval,
    }: {
      planName: string;
      plan: "starter" | "professional" | "enterprise";
      interval: "monthly" | "annual";
    }) => api.checkout({ kind: "plan", plan, interval }),
  });
  return {
    start(planName, period) {
      const plan = PLAN_KEYS[planName];
      if (!plan) return;
      open.mutate({ planName, plan, interval: period }, { onSuccess: goToStripe, onError: checkoutFailed });
    },
    pendingPlan: open.isPending ? (open.variables?.planName ?? null) : null,
  };
}
