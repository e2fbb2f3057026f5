import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  DEFAULT_ANALYTICS_RANGE,
} from "@poundline/domain/calendar-ranges";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type AnalyticsQuery, analyticsApi } from "../../api/analytics";
import { useApi } from "../../api/context";

/** Figures stay fresh briefly: live call events invalidate ["analytics"] anyway. */
const FRESH_FOR_MS = 30_000;

export interface RangeSelection {
  range: AnalyticsRange;
  from?: string | undefined;
  to?: string | undefined;
}

const isRange = (value: string | null): value is AnalyticsRange =>
  ANALYTICS_RANGES.includes(value as AnalyticsRange);

/** The range in the address (?range=&from=&to=), so a view can be shared and reloaded. */
export function useRangeSelection(): [RangeSelection, (next: RangeSelection) => void] {
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get("range");
  const from = params.get("from") ?? undefined;
  const to = params.get("to") ?? undefined;
  const selection = useMemo<RangeSelection>(() => {
    const range = isRange(rangeParam) ? rangeParam : DEFAULT_ANALYTICS_RANGE;
    return range === "custom" ? { range, from, to } : { range };
  }, [rangeParam, from, to]);
  const select = useCallback(
    (next: RangeSelection) => {
      const search = new URLSearchParams({ range: next.range });
      if (next.range === "custom") {
        if (next.from) search.set("from", next.from);
        if (next.to) search.set("to", next.to);
      }
      setParams(search, { replace: true });
    },
    [setParams],
  );
  return [selection, select];
}

/** The account's call analytics over the range (a custom range waits for both days). */
export function useAnalytics(selection: RangeSelection) {
  const api = useApi();
  const query: AnalyticsQuery =
    selection.range === "custom"
      ? { range: "custom", from: selection.from, to: selection.to }
      : { range: selection.range };
  const ready = selection.range !== "custom" || Boolean(selection.from && selection.to);
  return useQuery({
    queryKey: ["analytics", query],
    queryFn: ({ signal }) => analyticsApi(api).get(query, signal),
    enabled: ready,
    staleTime: FRESH_FOR_MS,
    placeholderData: keepPreviousData,
  });
}
