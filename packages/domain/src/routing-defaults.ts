/**
 * A number's routing until its owner changes it, in one place: the database's column defaults
 * and CHECK, the routing tables (a number without a routing row) and call evaluation use these.
 */

/** The zone business hours are read in (seed 001: the office hours are Eastern). */
export const DEFAULT_TIME_ZONE = "America/New_York";

/**
 * Extensions and people one ring group may name: every user of the largest plan and room beyond
 * (the hunt places its calls one by one, so no <Dial>'s ten-noun limit applies).
 */
export const MAX_RING_GROUP_ENTRIES = 50;

/** Seconds a forwarded or ring-group call rings before the next step (seed 001: default 30, 5 to 120). */
export const RING_TIMEOUT_SECONDS = { default: 30, min: 5, max: 120 } as const;

/**
 * A ring group's waiting callers hear their place in line and the expected wait every this many
 * seconds (0: never).
 */
export const QUEUE_ANNOUNCE_SECONDS = { default: 60, min: 0, max: 600 } as const;

/** Seconds a caller may wait in a ring group's line before going to voicemail. */
export const QUEUE_MAX_WAIT_SECONDS = { default: 600, min: 60, max: 3600 } as const;
