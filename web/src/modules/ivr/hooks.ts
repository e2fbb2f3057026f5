import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { type IvrMenu, type IvrMenuList, ivrApi } from "../../api/ivr";

export const ivrKeys = {
  all: ["ivr-menus"] as const,
  list: ["ivr-menus", "list"] as const,
  draft: ["ivr-menus", "draft"] as const,
  versions: ["ivr-menus", "versions"] as const,
  diff: (from: string, to: string) => ["ivr-menus", "diff", from, to] as const,
  voices: ["ivr-menus", "voices"] as const,
};

export function useIvrApi() {
  const api = useApi();
  return useMemo(() => ivrApi(api), [api]);
}

export function useIvrMenus() {
  const api = useIvrApi();
  return useQuery({ queryKey: ivrKeys.list, queryFn: ({ signal }) => api.list(signal) });
}

/**
 * A change to a menu: the menu list, its versions and the call routing page (its pickers and the
 * validator's findings the diagram marks) read again.
 */
export function useIvrMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ivrKeys.all }),
        client.invalidateQueries({ queryKey: ["call-routing"] }),
      ]),
  });
}

/** Puts a menu the API just answered with into the cached list, so the page shows it at once. */
export function useRememberSavedMenu() {
  const client = useQueryClient();
  return (menu: IvrMenu) =>
    client.setQueryData<IvrMenuList>(ivrKeys.list, (list) => {
      if (!list) return list;
      const known = list.items.some((m) => m.id === menu.id);
      return {
        items: known ? list.items.map((m) => (m.id === menu.id ? menu : m)) : [...list.items, menu],
      };
    });
}

export function useDraftStatus() {
  const api = useIvrApi();
  return useQuery({ queryKey: ivrKeys.draft, queryFn: ({ signal }) => api.draft(signal) });
}

export function useVersions() {
  const api = useIvrApi();
  return useQuery({ queryKey: ivrKeys.versions, queryFn: ({ signal }) => api.versions(signal) });
}

/** The differences between two sides ("draft", "live" or a version id); none until both are chosen. */
export function useVersionDiff(from: string | null, to: string | null) {
  const api = useIvrApi();
  return useQuery({
    queryKey: ivrKeys.diff(from ?? "", to ?? ""),
    queryFn: ({ signal }) => api.diff({ from: from ?? "", to: to ?? "" }, signal),
    enabled: Boolean(from && to),
  });
}

/** The carrier's text-to-speech voices and languages: a fixed list, read once. */
export function useVoices() {
  const api = useIvrApi();
  return useQuery({
    queryKey: ivrKeys.voices,
    queryFn: ({ signal }) => api.voices(signal),
    staleTime: Infinity,
  });
}
