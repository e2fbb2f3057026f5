import type { Database } from "../client";
import { type IdKind, idFromBytes } from "../ids";
import { DemoCalendar } from "./calendar";
import { Random } from "./random";

/** What every part of the demo seed works with: the transaction, a seeded generator and the clock. */
export interface SeedContext {
  tx: Database;
  random: Random;
  calendar: DemoCalendar;
  now: Date;
  /** A prefixed id, drawn from its own generator so ids stay stable when the content changes. */
  id(kind: IdKind): string;
  /** A carrier-style id: two letters and 32 hex digits (CA…, SM…, RE…). */
  sid(prefix: string): string;
}

export function createSeedContext(tx: Database, now: Date): SeedContext {
  const random = new Random(20_260_115);
  const ids = new Random(0x9e3779b9);
  const sids = new Random(0x85ebca6b);
  return {
    tx,
    random,
    calendar: new DemoCalendar(now),
    now,
    id: (kind) => idFromBytes(kind, ids.bytes(10)),
    sid: (prefix) => `${prefix}${sids.hex(32)}`,
  };
}
