import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../api/client";
import { useApi } from "../api/context";
import { type SiteVariant, variantForHost } from "./site";

/** `GET /api/site`: the public settings of this deployment, read once per page load. */
export function siteConfigQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ["site"],
    queryFn: ({ signal }) => api.site.config(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The variant of the site this host shows. Standard until the settings are read, and when they
 * cannot be: the safe default.
 */
export function useSiteVariant(): SiteVariant {
  const { data } = useQuery({
    ...siteConfigQuery(useApi()),
    select: (config) => variantForHost(window.location.hostname, config.nonprofitDomain),
  });
  return data ?? "standard";
}
