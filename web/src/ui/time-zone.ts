import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { consoleApi } from "../api/console";
import { useApi } from "../api/context";
import { useSession } from "../app/session";
import { dayOf, formatDate, formatDateTime, formatDayLabel, formatRelative, formatTime } from "./format";

/** Under the call routing's key: saving business hours (where the time zone is set) refreshes it. */
export const timeZoneKey = ["call-routing", "time-zone"] as const;

/**
 * The account's time zone (that of its business hours); undefined for a user with no account
 * (an admin) and until it has loaded, when the browser's is used.
 */
export function useAccountTimeZone(): string | undefined {
  const api = consoleApi(useApi());
  const hasAccount = useSession().account !== null;
  const query = useQuery({
    queryKey: timeZoneKey,
    queryFn: ({ signal }) => api.timeZone(signal),
    enabled: hasAccount,
    staleTime: 5 * 60_000,
  });
  return query.data?.timeZone;
}

/** The console's date and time formats (ui/format.ts) in the account's time zone. */
export function useFormat() {
  const timeZone = useAccountTimeZone();
  return useMemo(
    () => ({
      timeZone,
      date: (at: Date | string) => formatDate(at, timeZone),
      time: (at: Date | string) => formatTime(at, timeZone),
      dateTime: (at: Date | string) => formatDateTime(at, timeZone),
      relative: (at: Date | string, now = new Date()) => formatRelative(at, now, timeZone),
      dayLabel: (at: Date | string, now = new Date()) => formatDayLabel(at, now, timeZone),
      day: (at: Date | string) => dayOf(at, timeZone),
    }),
    [timeZone],
  );
}
