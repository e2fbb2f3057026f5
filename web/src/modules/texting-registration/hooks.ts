import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/context";
import { textingRegistrationApi } from "../../api/texting-registration";

export const textingRegistrationKeys = { all: ["texting-registration"] as const };

/** Still under the carrier's review: the page asks again now and then, and the server follows it. */
const UNDER_REVIEW = new Set(["profile_review", "brand_review", "campaign_review"]);

export function useTextingRegistration() {
  const api = textingRegistrationApi(useApi());
  return useQuery({
    queryKey: textingRegistrationKeys.all,
    queryFn: ({ signal }) => api.read(signal),
    refetchInterval: (query) =>
      UNDER_REVIEW.has(query.state.data?.registration?.stage ?? "") ? 5000 : false,
    meta: { toastTitle: "Error Fetching Texting Registration" },
  });
}

export function useSubmitRegistration() {
  const api = textingRegistrationApi(useApi());
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.submit,
    onSuccess: (data) => queryClient.setQueryData(textingRegistrationKeys.all, data),
  });
}
