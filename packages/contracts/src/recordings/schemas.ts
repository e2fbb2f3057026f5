import { recordingRetentionDays } from "@poundline/db/enums";
import { z } from "zod";

export const RECORDING_RETENTION_MESSAGES = {
  days: "Choose 30, 90 or 365 days, or forever.",
  saved: "Recording retention saved.",
} as const;

/** The retentions an account may choose, in days; null: recordings are kept forever. */
export const RECORDING_RETENTION_DAYS = recordingRetentionDays;

const retentionDays = z
  .union(
    RECORDING_RETENTION_DAYS.map((days) => z.literal(days)) as [
      z.ZodLiteral<30>,
      z.ZodLiteral<90>,
      z.ZodLiteral<365>,
    ],
    { error: RECORDING_RETENTION_MESSAGES.days },
  )
  .nullable();

/** PUT /api/recording-retention: how long the account's call recordings are kept. */
export const recordingRetentionBodySchema = z.object({ days: retentionDays });

export const recordingRetentionSchema = z.object({
  /** null: forever (the default). */
  days: retentionDays,
  /** Owners and admins change it; members read it. */
  canEdit: z.boolean(),
});

export type RecordingRetentionBody = z.output<typeof recordingRetentionBodySchema>;
export type RecordingRetention = z.output<typeof recordingRetentionSchema>;
