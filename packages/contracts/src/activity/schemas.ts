import { z } from "zod";
import { pageQuery, timestampSchema } from "../common";

export const activityQuerySchema = z.object({ ...pageQuery(50, 200) });

export const activityEntrySchema = z.object({
  id: z.string(),
  /** Who did it: their name and e-mail, or null once that user is deleted. */
  actor: z.object({ name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  summary: z.string(),
  method: z.string(),
  path: z.string(),
  targetId: z.string().nullable(),
  createdAt: timestampSchema,
});

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export type ActivityQuery = z.output<typeof activityQuerySchema>;
export type ActivityEntry = z.output<typeof activityEntrySchema>;
export type ActivityPage = z.output<typeof activityPageSchema>;
