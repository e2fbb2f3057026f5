import { z } from "zod";

/**
 * Cursor pagination of the lists (the public API's way to page; the console's lists take it too,
 * next to their page numbers). A list is ordered by a time and its rows' ids, newest first; the
 * cursor is the sort key of the last row a page showed, opaque to the caller (base64url of JSON).
 * The next page holds the rows strictly after it, so a row added while paging (newer: before the
 * cursor) neither repeats a row nor shifts a page. Zod and web APIs only: the web bundles this.
 */

/** The public API's page: `limit` rows when not told (the console's lists keep their own default). */
export const CURSOR_LIMITS = { defaultLimit: 50, maxLimit: 200, length: 200 } as const;

export const CURSOR_MESSAGE = "Not a cursor of this list: send the nextCursor of its previous page.";

/**
 * Where a page starts: after the row whose position and id these are. The position is a time
 * (ISO 8601, to the microsecond: the database's precision) or, for a list in the order rows were
 * written, a sequence number.
 */
export interface Cursor {
  readonly at: string;
  readonly id: string;
}

export type CursorPosition = "time" | "sequence";

const POSITIONS: Record<CursorPosition, RegExp> = {
  time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  sequence: /^\d{1,18}$/,
};
const ID = /^[A-Za-z0-9_+.-]{1,64}$/;

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

function fromBase64Url(value: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) return null;
  try {
    const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** A time the calendar has (not February 31st, nor the year 0): it reads back as written. */
function isCalendarTime(at: string): boolean {
  if (at.startsWith("0000-")) return false;
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === at.slice(0, 19);
}

/** The cursor of a row, from its sort key as the database writes it (a JSON array [time, id]). */
export const encodeCursor = (sortKey: string): string => toBase64Url(sortKey);

/** The cursor's sort key, or null when it is not one a list of this position gave. */
export function decodeCursor(value: string, position: CursorPosition = "time"): Cursor | null {
  const text = fromBase64Url(value);
  if (text === null) return null;
  let key: unknown;
  try {
    key = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(key) || key.length !== 2) return null;
  const [at, id] = key;
  if (typeof at !== "string" || !POSITIONS[position].test(at)) return null;
  if (position === "time" && !isCalendarTime(at)) return null;
  if (typeof id !== "string" || !ID.test(id)) return null;
  return { at, id };
}

const cursorSchema = (position: CursorPosition) =>
  z
    .string({ error: CURSOR_MESSAGE })
    .max(CURSOR_LIMITS.length, CURSOR_MESSAGE)
    // base64url's alphabet: nothing else (no control character) reaches the decoder.
    .regex(/^[A-Za-z0-9_-]*$/, CURSOR_MESSAGE)
    .transform((value, context) => {
      const cursor = decodeCursor(value, position);
      if (cursor === null) context.addIssue({ code: "custom", message: CURSOR_MESSAGE });
      return cursor ?? { at: "", id: "" };
    })
    .describe("The `nextCursor` of the previous page: the page after it. Leave it out for the first page.");

/** `cursor` of a list's query: where the page starts (an empty value is the first page). */
export const cursorQueryOf = (position: CursorPosition) => ({
  cursor: z.preprocess((value) => (value === "" ? undefined : value), cursorSchema(position).optional()),
});

/** `cursor` of a list ordered by a time. */
export const cursorQuery = cursorQueryOf("time");

/** `limit` of a page, at most CURSOR_LIMITS.maxLimit rows. */
export const cursorLimit = z.coerce
  .number({ error: "Must be a whole number." })
  .int("Must be a whole number.")
  .min(1, "Must be at least 1.")
  .max(CURSOR_LIMITS.maxLimit, `Must be at most ${CURSOR_LIMITS.maxLimit}.`);

/** `limit` of a list that answers whole when not asked for a page (the console's short lists). */
export const optionalLimitQuery = {
  limit: cursorLimit
    .optional()
    .describe(
      `Rows a page holds, at most ${CURSOR_LIMITS.maxLimit}; without it, every row (after the cursor).`,
    ),
};

/** `nextCursor` of a list's answer. */
export const nextCursorField = {
  nextCursor: z
    .string()
    .nullable()
    .describe("The cursor of the next page (send it as `cursor`); null on the last page."),
};

/** Whether a list pages by cursor: its query takes `cursor` (and `limit`). */
export function pagesByCursor(query: z.ZodType | undefined): boolean {
  return query instanceof z.ZodObject && "cursor" in query.shape && "limit" in query.shape;
}
