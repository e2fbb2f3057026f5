import { z } from "zod";
import { errorCodes } from "./errors";
import { instantSchema } from "./input";

/** The rules of every string and date the API takes (`text()`, `line()`, `dateInput()`, …). */
export * from "./input";

/** A timestamp: an ISO 8601 string on the wire, a Date in the handler; year 0 is refused. */
export const timestampSchema = instantSchema;

/** The one error shape (http/errors.ts), for routes to declare on the statuses they answer with. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorCodes) as [keyof typeof errorCodes, ...(keyof typeof errorCodes)[]]),
    message: z.string(),
    requestId: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

/** `limit` and `offset` of a paged list, with the same messages everywhere. */
export const pageQuery = (defaultLimit: number, maxLimit: number) => ({
  limit: z.coerce
    .number({ error: "Must be a whole number." })
    .int("Must be a whole number.")
    .min(1, "Must be at least 1.")
    .max(maxLimit, `Must be at most ${maxLimit}.`)
    .default(defaultLimit),
  offset: z.coerce
    .number({ error: "Must be a whole number." })
    .int("Must be a whole number.")
    .min(0, "Must be at least 0.")
    .default(0),
});
