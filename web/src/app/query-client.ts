import { QueryCache, QueryClient } from "@tanstack/react-query";
import { toastError } from "../ui/toast";

/**
 * What to do when a query fails for good, besides showing its fallback (a type, not an
 * interface: TanStack Query takes a record here).
 */
export type QueryFailureReport = {
  /** The title of a red toast whose description is the error's message. */
  toastTitle?: string;
  /** A line logged to the console before the error (seed 000 only logs some failures). */
  logLine?: string;
};

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: QueryFailureReport;
  }
}

/** How long a read stays fresh: the public site's settings and texts change rarely. */
const FRESH_FOR_MS = 5 * 60_000;

/**
 * The app's cache of server state. Every query of the public site has a fallback the seeds
 * describe (signed out, the standard site, the default texts, built-in FAQ entries), shown at
 * once on failure rather than after retries; a failure is reported once, from its query's meta.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const report = query.meta;
        if (report?.logLine) console.error(report.logLine, error);
        if (report?.toastTitle) toastError(report.toastTitle, error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: FRESH_FOR_MS, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
