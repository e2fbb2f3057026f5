import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { extensionsApi } from "../../api/extensions";

export const extensionKeys = {
  all: ["extensions"] as const,
  list: (search: string) => ["extensions", "list", search] as const,
};

export function useExtensionsApi() {
  const api = useApi();
  return useMemo(() => extensionsApi(api), [api]);
}

export function useExtensions(search: string) {
  const api = useExtensionsApi();
  return useQuery({
    queryKey: extensionKeys.list(search),
    queryFn: ({ signal }) => api.list(search, signal),
    placeholderData: keepPreviousData,
  });
}

/** A change to an extension: the list and the call routing page's pickers read it again. */
export function useExtensionMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: extensionKeys.all }),
        client.invalidateQueries({ queryKey: ["call-routing"] }),
      ]),
  });
}
