import { z } from "zod";
import { line } from "../common";

/** The console's softphone: who it registers as, with what, until when. */
export const softphoneTokenSchema = z.object({
  /** The carrier's access token (a JWT with a voice grant), or the simulator's of the same form. */
  token: z.string(),
  /** The device's client identity: the member in this account (`<account id>_<user id>`). */
  identity: z.string(),
  /** When the token stops working: the console asks for a new one before then. */
  expiresAt: z.iso.datetime(),
  /** `carrier`: the Voice SDK registers with the carrier; `simulator`: with the embedded simulator. */
  mode: z.enum(["carrier", "simulator"]),
});
export type SoftphoneToken = z.output<typeof softphoneTokenSchema>;

/** A number of the account the softphone may show as caller ID (it has an E911 address). */
export const callerIdSchema = z.object({
  id: z.string(),
  e164: z.string(),
  friendlyName: z.string().nullable(),
});

/** The signed-in member's softphone: whether calls ring the browser, and the caller IDs on offer. */
export const softphoneSettingsSchema = z.object({
  /** Ring groups, their direct number and their extension ring this member's browser too. */
  ringBrowser: z.boolean(),
  /** The member's forwarding phone, rung beside the browser (null: the browser only). */
  forwardingPhone: z.string().nullable(),
  callerIds: z.array(callerIdSchema),
  /** The caller ID used when none is chosen: the member's direct number, else the first. */
  defaultCallerId: z.string().nullable(),
});
export type SoftphoneSettings = z.output<typeof softphoneSettingsSchema>;

export const softphoneSettingsBodySchema = z.object({ ringBrowser: z.boolean() });

/** The parameters a softphone sends with an outgoing call (`device.connect({ params })`). */
export const outgoingCallParamsSchema = z.object({
  /** The number dialled, as typed (the server reads it as E.164). */
  To: line().min(1).max(32),
  /** The id of the account's number to show (absent: the default caller ID). */
  CallerId: line().max(64).optional(),
});

export const callCardParamsSchema = z.object({ callSid: line().min(1).max(64) });
export const callCardQuerySchema = z.object({
  /** The other party's number, for a call not logged yet (an incoming call just answered). */
  number: line().max(32).optional(),
});

/** The other party of a softphone's call: who they are and their last calls with the account. */
export const callCardSchema = z.object({
  /** The call's log (for its notes); null while the carrier has not reported it yet. */
  callId: z.string().nullable(),
  /** The other party's number (E.164), or null when it is not known. */
  number: z.string().nullable(),
  contact: z.object({ id: z.string(), name: z.string(), company: z.string().nullable() }).nullable(),
  /** Their last calls with the account, newest first (this one excluded). */
  recent: z.array(
    z.object({
      id: z.string(),
      startedAt: z.iso.datetime(),
      direction: z.enum(["inbound", "outbound"]),
      status: z.string(),
      durationSeconds: z.number().int(),
    }),
  ),
});
export type CallCard = z.output<typeof callCardSchema>;
