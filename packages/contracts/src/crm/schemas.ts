import {
  callDirections,
  callStatuses,
  contactSources,
  contactTypes,
  leadStatuses,
  messageDirections,
  messageStatuses,
} from "@poundline/db/enums";
import { isTimeZone } from "@poundline/domain/business-hours";
import { toE164 } from "@poundline/domain/phone";
import { z } from "zod";
import { dateInput, line, multilineText, pageQuery, text, timestampSchema } from "../common";
import { CURSOR_LIMITS, cursorQuery, nextCursorField } from "../cursor";

/** The seed's save-level message when the contact form lacks a name or a phone. */
export const CONTACT_REQUIRED_MESSAGE = "Name and Phone are required.";
export const DUPLICATE_PHONE_MESSAGE = "A contact with this phone number already exists.";
export const CONTACT_NOT_FOUND_MESSAGE = "Contact not found";

export const CONTACT_LIMITS = {
  name: 200,
  phone: 32,
  email: 254,
  company: 200,
  address: 500,
  notes: 10_000,
  tag: 50,
  tags: 50,
  customFields: 50,
  customFieldValue: 1000,
  search: 200,
  pageSize: CURSOR_LIMITS.maxLimit,
} as const;

export const contactIdSchema = z.string().regex(/^ct_[a-z0-9]{1,64}$/, "Invalid contact id.");
export const contactParamsSchema = z.object({ id: contactIdSchema });

/** Splits a comma string, trims, drops empties and duplicates (case-insensitive, first spelling kept). */
export function normalizeTags(input: string | readonly string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  const parts = (typeof input === "string" ? [input] : input).flatMap((value) => value.split(","));
  for (const part of parts) {
    const tag = part.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

const requiredText = (max: number) =>
  line(CONTACT_REQUIRED_MESSAGE)
    .min(1, CONTACT_REQUIRED_MESSAGE)
    .max(max, `Must be at most ${max} characters.`);

/** Optional text: absent stays absent (a PATCH leaves it alone), empty or null clears it. */
const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  (options.multiline ? multilineText("Must be text.") : line("Must be text."))
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

export const CONTACT_TIME_ZONE_MESSAGE = "Choose a time zone from the list.";
const IANA_NAME = /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)*$/;

/** An IANA zone ("America/Chicago"); empty or null: none (their number's area code decides). */
const contactTimeZoneSchema = line(CONTACT_TIME_ZONE_MESSAGE)
  .max(64, CONTACT_TIME_ZONE_MESSAGE)
  // A zone's name, not an offset ("+05:00" is not where anybody lives).
  .refine((zone) => zone === "" || (IANA_NAME.test(zone) && isTimeZone(zone)), CONTACT_TIME_ZONE_MESSAGE)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

/** E.164 when it reads as a phone number (national or international format), as typed otherwise. */
const phoneSchema = line(CONTACT_REQUIRED_MESSAGE)
  .min(1, CONTACT_REQUIRED_MESSAGE)
  .max(CONTACT_LIMITS.phone, `Must be at most ${CONTACT_LIMITS.phone} characters.`)
  .refine((value) => /\d.*\d.*\d/.test(value), "Enter a valid phone number.")
  .transform((typed) => toE164(typed) ?? typed);

const emailSchema = line("Enter a valid email address.")
  .max(CONTACT_LIMITS.email, `Must be at most ${CONTACT_LIMITS.email} characters.`)
  .pipe(z.union([z.literal(""), z.email()], { error: "Enter a valid email address." }))
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

export const CONTACT_DATE_MESSAGE = "Enter a date (YYYY-MM-DD) or an ISO 8601 date-time.";

/**
 * A date-time (ISO 8601 with offset) or a calendar date (YYYY-MM-DD), a real one within
 * CALENDAR_YEARS; empty or null clears it.
 */
const dateInputSchema = z.preprocess(
  (value) => (value === "" ? null : value),
  dateInput({ error: CONTACT_DATE_MESSAGE, dateOnly: true }).nullish(),
);

/** A list of tags, or one comma-separated string of them. */
const tagsInputSchema = z
  .union([text({ trim: false }), z.array(text({ trim: false }))], {
    error: "Tags must be a list or a comma-separated string.",
  })
  .nullish()
  .transform((value) => (value === undefined ? undefined : normalizeTags(value ?? [])))
  .pipe(
    z
      .array(line().max(CONTACT_LIMITS.tag, `A tag must be at most ${CONTACT_LIMITS.tag} characters.`))
      .max(CONTACT_LIMITS.tags, `At most ${CONTACT_LIMITS.tags} tags.`)
      .optional(),
  );

const customFieldsSchema = z
  .record(
    line().min(1).max(100),
    multilineText().max(
      CONTACT_LIMITS.customFieldValue,
      `Must be at most ${CONTACT_LIMITS.customFieldValue} characters.`,
    ),
    { error: "Custom fields must be an object of text values." },
  )
  .refine((fields) => Object.keys(fields).length <= CONTACT_LIMITS.customFields, {
    message: `At most ${CONTACT_LIMITS.customFields} custom fields.`,
  })
  .optional();

const leadStatusSchema = z.enum(leadStatuses, { error: `Must be one of: ${leadStatuses.join(", ")}.` });
const contactTypeSchema = z.enum(contactTypes, { error: `Must be one of: ${contactTypes.join(", ")}.` });
const contactSourceSchema = z.enum(contactSources, {
  error: `Must be one of: ${contactSources.join(", ")}.`,
});

const editableFields = {
  email: emailSchema,
  company: optionalText(CONTACT_LIMITS.company),
  address: optionalText(CONTACT_LIMITS.address, { multiline: true }),
  notes: optionalText(CONTACT_LIMITS.notes, { multiline: true }),
  /** Empty on save means now (seed: last_contacted defaults to the current time). */
  lastContacted: dateInputSchema,
  followUpDate: dateInputSchema,
  tags: tagsInputSchema,
  customFields: customFieldsSchema,
  timeZone: contactTimeZoneSchema,
};

/** POST /contacts: name and phone first, so a missing one gives the seed's message. */
export const createContactBodySchema = z.object(
  {
    name: requiredText(CONTACT_LIMITS.name),
    phone: phoneSchema,
    ...editableFields,
    leadStatus: leadStatusSchema.default("new"),
    contactType: contactTypeSchema.default("lead"),
    source: contactSourceSchema.default("manual"),
  },
  { error: CONTACT_REQUIRED_MESSAGE },
);

/** PATCH /contacts/:id: any subset of the fields; absent fields are left as they are. */
export const updateContactBodySchema = z
  .object(
    {
      name: requiredText(CONTACT_LIMITS.name).optional(),
      phone: phoneSchema.optional(),
      ...editableFields,
      leadStatus: leadStatusSchema.optional(),
      contactType: contactTypeSchema.optional(),
      source: contactSourceSchema.optional(),
    },
    { error: "Expected a JSON object of contact fields." },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to update.");

/** Query values sent empty (an unselected filter) count as absent. */
const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);

export const listContactsQuerySchema = z.object({
  q: z.preprocess(
    emptyAsAbsent,
    line().max(CONTACT_LIMITS.search, `Must be at most ${CONTACT_LIMITS.search} characters.`).optional(),
  ),
  leadStatus: z.preprocess(emptyAsAbsent, leadStatusSchema.optional()),
  contactType: z.preprocess(emptyAsAbsent, contactTypeSchema.optional()),
  tag: z.preprocess(
    emptyAsAbsent,
    line().max(CONTACT_LIMITS.tag, `A tag must be at most ${CONTACT_LIMITS.tag} characters.`).optional(),
  ),
  ...pageQuery(25, CONTACT_LIMITS.pageSize),
  ...cursorQuery,
});

export const contactSchema = z.object({
  id: z.string(),
  /** Who created it; null for contacts made from calls and texts. */
  userId: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  leadStatus: z.enum(leadStatuses),
  contactType: z.enum(contactTypes),
  source: z.enum(contactSources),
  lastContacted: timestampSchema.nullable(),
  followUpDate: timestampSchema.nullable(),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.string()),
  /** The contact's own zone for scheduled texts and quiet hours; null: read from their number. */
  timeZone: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const contactListSchema = z.object({
  contacts: z.array(contactSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  ...nextCursorField,
});

export const contactTagsSchema = z.object({ tags: z.array(z.string()) });

export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "Must be a whole number." })
    .int("Must be a whole number.")
    .min(1, "Must be at least 1.")
    .max(200, "Must be at most 200.")
    .default(50),
});

/** One entry of a contact's Interaction History: a call or a text message. */
export const activityItemSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("call"),
    id: z.string(),
    /** When the call started. */
    at: timestampSchema,
    direction: z.enum(callDirections),
    fromNumber: z.string(),
    toNumber: z.string(),
    durationSeconds: z.number().int(),
    callStatus: z.enum(callStatuses),
    notes: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("message"),
    id: z.string(),
    /** When the message was sent or received. */
    at: timestampSchema,
    direction: z.enum(messageDirections),
    fromNumber: z.string(),
    toNumber: z.string(),
    body: z.string(),
    status: z.enum(messageStatuses),
  }),
]);

export const contactActivitySchema = z.object({ items: z.array(activityItemSchema) });

export type CreateContactBody = z.output<typeof createContactBodySchema>;
export type CreateContactInput = z.input<typeof createContactBodySchema>;
export type UpdateContactBody = z.output<typeof updateContactBodySchema>;
export type UpdateContactInput = z.input<typeof updateContactBodySchema>;
export type ListContactsQuery = z.output<typeof listContactsQuerySchema>;
/** A contact as the handler holds it (Dates). */
export type Contact = z.output<typeof contactSchema>;
/** A contact as it travels in JSON (ISO strings): what the web receives. */
export type ContactJson = z.input<typeof contactSchema>;
export type ContactListJson = z.input<typeof contactListSchema>;
export type ActivityItem = z.output<typeof activityItemSchema>;
export type ContactActivityJson = z.input<typeof contactActivitySchema>;
