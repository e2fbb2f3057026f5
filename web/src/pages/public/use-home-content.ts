import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../api/client";
import { useApi } from "../../api/context";
import { HOME_CONTENT_DEFAULTS, HOME_CONTENT_KEYS, type HomeContent, withHomeDefaults } from "./home-content";

/** The home page's editable texts, each with its default when not written. */
export function homeContentQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ["content", ...HOME_CONTENT_KEYS],
    queryFn: ({ signal }) => api.site.content({ keys: HOME_CONTENT_KEYS.join(",") }, signal),
    select: (answer) => withHomeDefaults(answer.values),
    // Seed 000: a failed load is only logged, and the defaults are shown.
    meta: { logLine: "Error fetching editable content:" },
  });
}

/** The home page's texts; null while they load. */
export function useHomeContent(): HomeContent | null {
  const { data, isError } = useQuery(homeContentQuery(useApi()));
  if (isError) return HOME_CONTENT_DEFAULTS;
  return data ?? null;
}
