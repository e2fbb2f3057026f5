import { availabilities, membershipRoles } from "@poundline/db/enums";
import { toE164 } from "@poundline/domain/phone";
import { PRESENCE_STATES } from "@poundline/domain/presence";
import { z } from "zod";
import { businessHoursSchema, TIME_ZONES } from "../call-routing/schemas";
import { line } from "../common";

/** What the console says about people, in one place (the web shows the same words). */
export const peopleMessages = {
  availability: "Choose Available, Do not disturb or Away.",
  timeZone: "Choose a time zone.",
  forwardingPhone: "Enter a phone number in E.164 form, e.g. +14075550123.",
  memberNotFound: "Member not found",
  numberNotFound: "Phone number not found",
  extensionNotFound: "Extension not found",
  numberTaken: "This number is already another member's direct number.",
  extensionTaken: "This extension is already another member's.",
} as const;

/** How the console names each availability. */
export const availabilityLabels: Record<(typeof availabilities)[number], string> = {
  available: "Available",
  do_not_disturb: "Do not disturb",
  away: "Away",
};

export const availabilitySchema = z.object({
  availability: z.enum(availabilities, { error: peopleMessages.availability }),
});
export type AvailabilityBody = z.output<typeof availabilitySchema>;

/** Their own hours in their own zone; `workingHours` null: they take calls any time. */
export const workingHoursSchema = z.object({
  timeZone: line(peopleMessages.timeZone).refine(
    (zone) => (TIME_ZONES as readonly string[]).includes(zone),
    peopleMessages.timeZone,
  ),
  workingHours: businessHoursSchema.nullable(),
});
export type WorkingHoursBody = z.output<typeof workingHoursSchema>;

/** The phone a ring group rings for them; null: none (they are not rung). */
export const forwardingSchema = z.object({
  forwardingPhone: line(peopleMessages.forwardingPhone)
    .max(32, peopleMessages.forwardingPhone)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value.trim() === "") return null;
      const e164 = toE164(value);
      if (e164) return e164;
      ctx.addIssue({ code: "custom", message: peopleMessages.forwardingPhone });
      return z.NEVER;
    }),
});
export type ForwardingBody = z.output<typeof forwardingSchema>;
export const forwardingViewSchema = z.object({ forwardingPhone: z.string().nullable() });

/** A member by their user id. */
export const memberParamsSchema = z.object({
  id: z.string().regex(/^[a-z]+_[a-z0-9]{1,64}$/, peopleMessages.memberNotFound),
});

/** An owner's or admin's assignment: the member's direct number and extension (null: none). */
export const directLineSchema = z.object({
  directNumberId: z
    .string()
    .regex(/^num_[a-z0-9]{1,64}$/, peopleMessages.numberNotFound)
    .nullable(),
  extensionId: z
    .string()
    .regex(/^ext_[a-z0-9]{1,64}$/, peopleMessages.extensionNotFound)
    .nullable(),
});
export type DirectLineBody = z.output<typeof directLineSchema>;

/** One member as the team sees them (the ring-group editor, the settings). */
export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(membershipRoles),
  availability: z.enum(availabilities),
  timeZone: z.string(),
  workingHours: businessHoursSchema.nullable(),
  /** Whether they are within their working hours now (no hours: always). */
  working: z.boolean(),
  forwardingPhone: z.string().nullable(),
  directNumber: z.object({ id: z.string(), e164: z.string() }).nullable(),
  extension: z.object({ id: z.string(), extensionNumber: z.number().int(), name: z.string() }).nullable(),
});
export type Member = z.output<typeof memberSchema>;

export const memberListSchema = z.object({ members: z.array(memberSchema) });

/** One member as the live console shows them: their state, and the calls they are on. */
export const memberPresenceSchema = z.object({
  userId: z.string(),
  name: z.string(),
  state: z.enum(PRESENCE_STATES),
  /** The calls they are on, by the CallSid the console lists them under. */
  callSids: z.array(z.string()),
});
export type MemberPresence = z.output<typeof memberPresenceSchema>;

export const presenceListSchema = z.object({ members: z.array(memberPresenceSchema) });

/** A call the member's softphone took or placed, by the CallSid the console lists. */
export const callSidSchema = z.string().regex(/^CA[0-9a-zA-Z]{1,64}$/, "Call not found");
export const myCallBodySchema = z.object({ callSid: callSidSchema });
export const myCallParamsSchema = z.object({ callSid: callSidSchema });
