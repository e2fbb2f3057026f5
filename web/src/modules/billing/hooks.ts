import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { billingApi } from "../../api/billing";
import { useApi } from "../../api/context";

/** Query keys of the Billing & Wallet screen, all under ["billing"]. */
export const billingKeys = {
  all: ["billing"] as const,
  wallet: ["billing", "wallet"] as const,
  transactions: (page: number) => ["billing", "transactions", page] as const,
  subscriptions: ["billing", "subscriptions"] as const,
  invoices: ["billing", "invoices"] as const,
  paymentMethods: ["billing", "payment-methods"] as const,
};

export function useBillingApi() {
  return billingApi(useApi());
}

/**
 * After a return from Checkout the top-up lands when Stripe's webhook does: until then, ask
 * again every 2 s (`watching`).
 */
const refetchWhile = (watching: boolean) => (watching ? 2000 : false);

export function useWallet(watching = false) {
  const api = useBillingApi();
  return useQuery({
    queryKey: billingKeys.wallet,
    queryFn: ({ signal }) => api.wallet(signal),
    staleTime: 10_000,
    refetchInterval: refetchWhile(watching),
    meta: { toastTitle: "Wallet Error" },
  });
}

export function useTransactions(page: number, watching = false) {
  const api = useBillingApi();
  return useQuery({
    queryKey: billingKeys.transactions(page),
    queryFn: ({ signal }) => api.transactions(page, signal),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
    refetchInterval: refetchWhile(watching),
    meta: { toastTitle: "Transaction Error" },
  });
}

export function useSubscriptions() {
  const api = useBillingApi();
  return useQuery({
    queryKey: billingKeys.subscriptions,
    queryFn: ({ signal }) => api.subscriptions(signal),
    staleTime: 10_000,
    meta: { toastTitle: "Subscription Error" },
  });
}

export function useInvoices() {
  const api = useBillingApi();
  return useQuery({
    queryKey: billingKeys.invoices,
    queryFn: ({ signal }) => api.invoices(signal),
    staleTime: 10_000,
    meta: { toastTitle: "Invoice Error" },
  });
}

export function usePaymentMethods() {
  const api = useBillingApi();
  return useQuery({
    queryKey: billingKeys.paymentMethods,
    queryFn: ({ signal }) => api.paymentMethods(signal),
    staleTime: 10_000,
    meta: { toastTitle: "Payment Method Error" },
  });
}

/** A write to billing, which refreshes what the screen shows once done. */
export function useBillingMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
