import { portInNumberStatuses, portInRequestStatuses } from "@poundline/domain/porting";
import { z } from "zod";
import { line, timestampSchema } from "../common";

/** What the console says about port-in requests, in one place (the web shows the same words). */
export const portingMessages = {
  notFound: "Port-in request not found",
  e164: "Enter a North American number in E.164 form, e.g. +14075550123.",
  numbers: "Enter between 1 and 20 numbers.",
  duplicate: "Each number once.",
  required: "Required.",
  email: "Enter a valid e-mail address.",
  targetDate: "Choose a date from tomorrow on, as YYYY-MM-DD.",
  agreement: "The authorised person must accept the letter of authorisation.",
  signature: "Sign the letter: type your name or draw your signature.",
  signerName: "The signature must be made by the authorised person named above.",
  notPortable: (e164: string, reason: string) => `${e164} cannot be ported: ${reason}`,
  temporaryNumber: "Choose one of your numbers as the temporary number.",
  notCancelable: "This request can no longer be canceled.",
} as const;

export const PORTING_LIMITS = { numbers: 20, name: 120, signatureImage: 200_000 } as const;

/** The letter of authorisation the authorised person signs, word for word (PDF and console alike). */
export const LOA_AGREEMENT =
  "I authorise Poundline and its carrier to act as my agent to port the telephone numbers listed " +
  "in this letter from my current carrier, and to end my service with that carrier for those " +
  "numbers once they are ported. I am the account holder or authorised to act for the account holder.";

const e164Schema = line(portingMessages.e164).regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, portingMessages.e164);
const required = (max: number) =>
  line(portingMessages.required).trim().min(1, portingMessages.required).max(max);

export const portabilityBodySchema = z.object({
  numbers: z
    .array(e164Schema)
    .min(1, portingMessages.numbers)
    .max(PORTING_LIMITS.numbers, portingMessages.numbers)
    .refine((list) => new Set(list).size === list.length, portingMessages.duplicate),
});

export const portabilitySchema = z.object({
  e164: z.string(),
  portable: z.boolean(),
  reason: z.string().nullable(),
});
export const portabilityListSchema = z.object({ results: z.array(portabilitySchema) });

const addressSchema = z.object({
  street: required(200),
  street2: line().max(200).optional(),
  city: required(100),
  state: required(50),
  zip: required(20),
  country: line(portingMessages.required).regex(/^[A-Z]{2}$/, "A two-letter country code, e.g. US."),
});

/** The signature: the typed name always, a drawn one (a PNG data URL) when the signer drew it. */
const signatureSchema = z.object({
  signerName: required(PORTING_LIMITS.name),
  drawing: z
    .string()
    .max(PORTING_LIMITS.signatureImage, portingMessages.signature)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, portingMessages.signature)
    .optional(),
  agreed: z.literal(true, { error: portingMessages.agreement }),
});

export const createPortInBodySchema = z
  .object({
    numbers: portabilityBodySchema.shape.numbers,
    customerName: required(PORTING_LIMITS.name),
    customerType: z.enum(["Business", "Individual"]),
    accountNumber: required(50),
    pin: line().max(20).optional(),
    authorizedName: required(PORTING_LIMITS.name),
    authorizedEmail: z.email(portingMessages.email).max(254),
    address: addressSchema,
    targetDate: z.iso.date(portingMessages.targetDate),
    temporaryNumberId: line().max(64).optional(),
    signature: signatureSchema,
  })
  .refine((body) => body.signature.signerName.toLowerCase() === body.authorizedName.toLowerCase(), {
    message: portingMessages.signerName,
    path: ["signature", "signerName"],
  });
export type CreatePortInBody = z.infer<typeof createPortInBodySchema>;

export const portInParamsSchema = z.object({
  id: line(portingMessages.notFound).regex(/^port_[a-z0-9]{1,64}$/, portingMessages.notFound),
});

export const portInNumberSchema = z.object({
  id: z.string(),
  e164: z.string(),
  status: z.enum(portInNumberStatuses),
  rejectionReason: z.string().nullable(),
  portDate: timestampSchema.nullable(),
  phoneNumberId: z.string().nullable(),
});

export const portInEventSchema = z.object({
  id: z.string(),
  kind: z.string(),
  detail: z.string(),
  createdAt: timestampSchema,
});

export const portInSchema = z.object({
  id: z.string(),
  status: z.enum(portInRequestStatuses),
  carrierSid: z.string().nullable(),
  customerName: z.string(),
  authorizedName: z.string(),
  authorizedEmail: z.string(),
  targetDate: z.string(),
  temporaryNumber: z.object({ id: z.string(), e164: z.string() }).nullable(),
  routingMovedAt: timestampSchema.nullable(),
  signerName: z.string(),
  signedAt: timestampSchema,
  createdAt: timestampSchema,
  numbers: z.array(portInNumberSchema),
  events: z.array(portInEventSchema),
});
export type PortIn = z.infer<typeof portInSchema>;

export const portInListSchema = z.object({ requests: z.array(portInSchema) });

export const adminPortInSchema = portInSchema.extend({ accountId: z.string(), company: z.string() });
export const adminPortInListSchema = z.object({ requests: z.array(adminPortInSchema) });
