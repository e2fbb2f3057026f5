import { isUnderReview } from "@poundline/domain/toll-free-verification";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/context";
import { type TollFreeProfileInput, tollFreeVerificationApi } from "../../api/toll-free-verification";

export const tollFreeKeys = { of: (numberId: string) => ["toll-free-verification", numberId] as const };

/** How often the status is asked again while the carrier reviews it. */
const FOLLOW_MS = 5_000;

/** A number's verification, followed every few seconds while the carrier is still deciding. */
export function useTollFreeVerification(numberId: string) {
  const api = tollFreeVerificationApi(useApi());
  return useQuery({
    queryKey: tollFreeKeys.of(numberId),
    queryFn: ({ signal }) => api.get(numberId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.verification?.status;
      return status && isUnderReview(status) ? FOLLOW_MS : false;
    },
    meta: { toastTitle: "Error Fetching Toll-Free Verification" },
  });
}

/** Submits the profile, or resubmits a rejected one; the state shown is the answer. */
export function useSubmitProfile(numberId: string, resubmit: boolean) {
  const api = tollFreeVerificationApi(useApi());
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TollFreeProfileInput) =>
      resubmit ? api.resubmit(numberId, body) : api.submit(numberId, body),
    onSuccess: (state) => queryClient.setQueryData(tollFreeKeys.of(numberId), state),
  });
}
