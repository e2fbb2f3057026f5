import { holdMusicOptions, ringStrategies, routeTargets } from "@poundline/db/enums";
import { isTimeZone, weekdays } from "@poundline/domain/business-hours";
import { toE164 } from "@poundline/domain/phone";
import {
  DEFAULT_TIME_ZONE,
  MAX_RING_GROUP_ENTRIES,
  QUEUE_ANNOUNCE_SECONDS,
  QUEUE_MAX_WAIT_SECONDS,
  RING_TIMEOUT_SECONDS,
} from "@poundline/domain/routing-defaults";
import { z } from "zod";
import { line } from "../common";

/** Seed 001: ring timeout default 30, input 5 to 120 (the page's input bounds). */
export { QUEUE_ANNOUNCE_SECONDS, QUEUE_MAX_WAIT_SECONDS, RING_TIMEOUT_SECONDS };

export const NUMBER_NOT_FOUND_MESSAGE = "Phone number not found";
export const RING_TIMEOUT_MESSAGE = `Ring timeout must be between ${RING_TIMEOUT_SECONDS.min} and ${RING_TIMEOUT_SECONDS.max} seconds.`;
export const QUEUE_ANNOUNCE_MESSAGE = `Announce the place in line every ${QUEUE_ANNOUNCE_SECONDS.min} (never) to ${QUEUE_ANNOUNCE_SECONDS.max} seconds.`;
export const QUEUE_MAX_WAIT_MESSAGE = `The longest wait must be between ${QUEUE_MAX_WAIT_SECONDS.min} and ${QUEUE_MAX_WAIT_SECONDS.max} seconds.`;
export const CUSTOM_MUSIC_MISSING_MESSAGE = "Upload a recording for custom music on hold.";
export const NOT_AUDIO_MESSAGE = "The file is not an audio recording (MP3, WAV or AIFF).";
export const HOLD_MUSIC_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_HOLIDAYS = 50;

/** Labels of the seed's options, for the page and the messages. */
export const RING_STRATEGY_LABELS: Record<(typeof ringStrategies)[number], string> = {
  simultaneous: "Simultaneous",
  sequential: "Sequential",
  "round-robin": "Round-robin",
};
export const HOLD_MUSIC_LABELS: Record<(typeof holdMusicOptions)[number], string> = {
  default: "Default",
  classical: "Classical",
  jazz: "Jazz",
  custom: "Custom",
};
export const DESTINATION_LABELS: Record<(typeof routeTargets)[number], string> = {
  ivr_menu: "IVR menu",
  extension: "Extension",
  ring_group: "Ring group",
  voicemail: "Voicemail",
  forward: "Forward to a number",
  hangup: "Hang up",
};

/** Zones offered in the picker (any IANA zone is taken). */
export const TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
  "America/Toronto",
  "America/Vancouver",
  "America/Halifax",
  "America/St_Johns",
  "Europe/London",
  "UTC",
] as const;

const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const dayHoursSchema = z
  .object({
    active: z.boolean({ error: "Must be true or false." }),
    start: z.string({ error: "Enter a time (HH:MM)." }).regex(HHMM, "Enter a time (HH:MM)."),
    end: z.string({ error: "Enter a time (HH:MM)." }).regex(HHMM, "Enter a time (HH:MM)."),
  })
  .refine((d) => !d.active || d.start !== d.end, {
    message: "Opening and closing times must differ.",
    path: ["end"],
  });

export const businessHoursSchema = z.object(
  Object.fromEntries(weekdays.map((day) => [day, dayHoursSchema])) as Record<
    (typeof weekdays)[number],
    typeof dayHoursSchema
  >,
);

const CHOOSE: Record<string, string> = {
  ivr_menu: "Choose an IVR menu.",
  extension: "Choose an extension.",
  forward: "Enter a phone number in E.164 format, e.g. +15551234567.",
};

/**
 * Where calls go. `target`: the menu or extension id, or the number to forward to; `ringGroup`:
 * the extensions and members (user ids) rung, in order. Which is needed depends on `type`.
 */
export const destinationSchema = z
  .object({
    type: z.enum(routeTargets, { error: "Choose a destination." }),
    target: line()
      .max(100, "Must be at most 100 characters.")
      .nullish()
      .transform((v) => v || null),
    ringGroup: z
      .array(
        z
          .string({ error: "Choose an extension or a member." })
          .regex(/^(ext|usr)_[a-z0-9]{1,64}$/, "Choose an extension or a member."),
        {
          error: "Must be a list.",
        },
      )
      .max(MAX_RING_GROUP_ENTRIES, `At most ${MAX_RING_GROUP_ENTRIES} extensions and people.`)
      .default([]),
  })
  .transform((d, ctx) => {
    if (d.type === "ring_group") {
      if (d.ringGroup.length === 0)
        ctx.addIssue({ code: "custom", message: "Choose at least one extension.", path: ["ringGroup"] });
      return { type: d.type, target: null, ringGroup: [...new Set(d.ringGroup)] };
    }
    if (d.type in CHOOSE) {
      const target = d.type === "forward" && d.target ? toE164(d.target) : d.target;
      if (!target) ctx.addIssue({ code: "custom", message: CHOOSE[d.type] as string, path: ["target"] });
      return { type: d.type, target, ringGroup: [] };
    }
    return { type: d.type, target: null, ringGroup: [] };
  });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

export const holidaySchema = z.object({
  date: z
    .string({ error: "Enter a date (YYYY-MM-DD)." })
    .regex(DATE, "Enter a date (YYYY-MM-DD).")
    .refine(isRealDate, "Enter a date (YYYY-MM-DD)."),
  name: line().max(100, "Must be at most 100 characters.").default(""),
  destination: destinationSchema.refine((d) => d.type !== "ring_group", {
    message: "A holiday cannot ring a group: choose a menu, an extension, voicemail or a number.",
    path: ["type"],
  }),
});

/** Whole seconds within bounds; the default when left out (clients that predate the setting). */
function seconds(bounds: { default: number; min: number; max: number }, message: string) {
  return z
    .number({ error: message })
    .int(message)
    .min(bounds.min, message)
    .max(bounds.max, message)
    .default(bounds.default);
}

export const numberRoutingBodySchema = z.object({
  ringStrategy: z.enum(ringStrategies, { error: "Choose a ring strategy." }),
  ringTimeoutSeconds: z
    .number({ error: RING_TIMEOUT_MESSAGE })
    .int(RING_TIMEOUT_MESSAGE)
    .min(RING_TIMEOUT_SECONDS.min, RING_TIMEOUT_MESSAGE)
    .max(RING_TIMEOUT_SECONDS.max, RING_TIMEOUT_MESSAGE),
  timeZone: line("Choose a time zone.")
    .max(64, "Choose a time zone.")
    .refine(isTimeZone, "Choose a time zone."),
  businessHours: businessHoursSchema,
  businessHoursDestination: destinationSchema,
  afterHoursDestination: destinationSchema,
  holidays: z
    .array(holidaySchema, { error: "Must be a list." })
    .max(MAX_HOLIDAYS, `At most ${MAX_HOLIDAYS} holidays.`)
    .default([])
    .refine((list) => new Set(list.map((h) => h.date)).size === list.length, "Each date only once."),
  holdMusic: z.enum(holdMusicOptions, { error: "Choose the music on hold." }),
  recordCalls: z.boolean({ error: "Must be true or false." }),
  /** The ring group's line: how often callers hear their place (0: never), and their longest wait. */
  queueAnnounceSeconds: seconds(QUEUE_ANNOUNCE_SECONDS, QUEUE_ANNOUNCE_MESSAGE),
  queueMaxWaitSeconds: seconds(QUEUE_MAX_WAIT_SECONDS, QUEUE_MAX_WAIT_MESSAGE),
  voicemailEnabled: z.boolean({ error: "Must be true or false." }),
});

export const numberParamsSchema = z.object({
  numberId: z.string().regex(/^num_[a-z0-9]{1,64}$/, "Invalid phone number id."),
});

const destinationOut = z.object({
  type: z.enum(routeTargets),
  target: z.string().nullable(),
  ringGroup: z.array(z.string()),
});

export const numberRoutingSchema = z.object({
  numberId: z.string(),
  e164: z.string(),
  friendlyName: z.string(),
  ringStrategy: z.enum(ringStrategies),
  ringTimeoutSeconds: z.number().int(),
  timeZone: z.string(),
  businessHours: businessHoursSchema,
  businessHoursDestination: destinationOut,
  afterHoursDestination: destinationOut,
  holidays: z.array(z.object({ date: z.string(), name: z.string(), destination: destinationOut })),
  holdMusic: z.enum(holdMusicOptions),
  /** The uploaded recording played when holdMusic is custom; null until one is uploaded. */
  holdMusicUrl: z.string().nullable(),
  recordCalls: z.boolean(),
  queueAnnounceSeconds: z.number().int(),
  queueMaxWaitSeconds: z.number().int(),
  voicemailEnabled: z.boolean(),
});

export const routingIssueSchema = z.object({
  severity: z.enum(["error", "warning"]),
  code: z.string(),
  subject: z.string(),
  message: z.string(),
});

export const callRoutingSchema = z.object({
  numbers: z.array(numberRoutingSchema),
  /** Destinations to choose from. */
  menus: z.array(z.object({ id: z.string(), name: z.string() })),
  extensions: z.array(z.object({ id: z.string(), extensionNumber: z.number().int(), name: z.string() })),
  /** What the routing validator finds in the account's configuration as stored. */
  issues: z.array(routingIssueSchema),
});

export const DEFAULT_ROUTING = {
  ringStrategy: "simultaneous",
  ringTimeoutSeconds: RING_TIMEOUT_SECONDS.default,
  timeZone: DEFAULT_TIME_ZONE,
  holdMusic: "default",
  queueAnnounceSeconds: QUEUE_ANNOUNCE_SECONDS.default,
  queueMaxWaitSeconds: QUEUE_MAX_WAIT_SECONDS.default,
} as const;

export type NumberRoutingBody = z.output<typeof numberRoutingBodySchema>;
export type NumberRoutingView = z.output<typeof numberRoutingSchema>;
export type Destination = z.output<typeof destinationSchema>;
