import type { Database } from "@poundline/db";
import type { JobLog } from "@poundline/platform/queue/jobs";

/** Finds due work and hands it to the queue (outbox rows); answers how many it handed. */
export type DueScan = (db: Database, now: Date) => Promise<number>;

/**
 * Runs `scan` every `everyMs`, never two at once, and wakes the outbox relay when it handed work
 * on. A failed scan is logged and tried again at the next tick.
 */
export function startPeriodicScan(
  scan: DueScan,
  options: { db: Database; log: JobLog; clock: () => Date; wake: () => void; what: string; everyMs: number },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= scan(options.db, options.clock())
      .then((handed) => {
        if (handed > 0) options.wake();
      })
      .catch((err: unknown) => options.log.warn({ err }, `${options.what} failed; will try again`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
