/**
 * A number's routing until its owner changes it, in one place: the database's column defaults
 * and CHECK, the routing tables (a number without a routing row) and call evaluation use these.
 */

/** The zone business hours are read in (seed 001: the office hours are Eastern). */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** Seconds a forwarded or ring-group call rings before the next step (seed 001: default 30, 5 to 120). */
export const RING_TIMEOUT_SECONDS = { default: 30, min: 5, max: 120 } as const;
