import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { callRoutingApi, type NumberRoutingBody } from "../../api/call-routing";
import { useApi } from "../../api/context";

export const callRoutingKeys = { all: ["call-routing"] as const };

function useCallRoutingApi() {
  const api = useApi();
  return useMemo(() => callRoutingApi(api), [api]);
}

export function useCallRouting() {
  const api = useCallRoutingApi();
  return useQuery({ queryKey: callRoutingKeys.all, queryFn: ({ signal }) => api.list(signal) });
}

export function useSaveRouting() {
  const api = useCallRoutingApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ numberId, body }: { numberId: string; body: NumberRoutingBody }) =>
      api.save(numberId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: callRoutingKeys.all }),
  });
}

export function useUploadHoldMusic() {
  const api = useCallRoutingApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ numberId, file }: { numberId: string; file: File }) => api.uploadHoldMusic(numberId, file),
    onSuccess: () => client.invalidateQueries({ queryKey: callRoutingKeys.all }),
  });
}
