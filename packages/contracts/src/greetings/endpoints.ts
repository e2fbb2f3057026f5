import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import { ivrMenuParamsSchema } from "../ivr/schemas";
import {
  extensionGreetingParamsSchema,
  greetingCallBodySchema,
  greetingCallParamsSchema,
  greetingCallSchema,
  greetingListSchema,
  greetingSchema,
  greetingTextBodySchema,
  numberGreetingParamsSchema,
} from "./schemas";

const AUDIO_UPLOAD = {
  raw: "application/octet-stream",
  description: "The recording's bytes (MP3, WAV or AIFF; the console records 16-bit PCM WAV)",
} as const;

const STORED_FILE = [
  "A recording is stored through the storage port and played with `<Play>` from a public URL",
  "nobody can guess; replacing or removing it removes the stored file. Without a greeting, callers",
  "hear the built-in words.",
].join(" ");

const BY_PHONE = [
  "The carrier calls `phone` from one of the account's numbers (the destination policy and the",
  "wallet apply, as for Make a Call). The call says what to do, records until `#`, plays the",
  "recording back and asks 1 to save it or 2 to record again; hanging up saves nothing. On 1 the",
  "recording is fetched by a worker, stored, made the greeting and deleted at the carrier.",
  "`GET /api/greeting-calls/:id` follows the call.",
].join(" ");

/**
 * Greetings: a number's voicemail and after-hours greetings (routing.edit), an extension's
 * voicemail greeting (extensions.edit), each said by text to speech, uploaded, or recorded by phone;
 * an IVR menu's greeting recorded by phone (ivr.edit).
 */
export const greetingEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/greetings",
    summary: "The account's greetings of numbers and extensions",
    access: "account",
    responses: { 200: greetingListSchema, ...errors(401, 403) },
  }),
  setNumberText: endpoint({
    method: "PUT",
    path: "/api/call-routing/:numberId/greetings/:slot",
    summary: "Say a number's voicemail or after-hours greeting by text to speech",
    description: STORED_FILE,
    access: "account",
    permission: "routing.edit",
    params: numberGreetingParamsSchema,
    body: greetingTextBodySchema,
    responses: { 200: greetingSchema, ...errors(400, 401, 403, 404) },
  }),
  uploadNumberAudio: endpoint({
    method: "POST",
    path: "/api/call-routing/:numberId/greetings/:slot/audio",
    summary: "Make an uploaded recording a number's voicemail or after-hours greeting",
    description: STORED_FILE,
    access: "account",
    permission: "routing.edit",
    params: numberGreetingParamsSchema,
    upload: AUDIO_UPLOAD,
    responses: { 200: greetingSchema, ...errors(400, 401, 403, 404, 413) },
  }),
  removeNumber: endpoint({
    method: "DELETE",
    path: "/api/call-routing/:numberId/greetings/:slot",
    summary: "Remove a number's greeting (callers hear the built-in words)",
    access: "account",
    permission: "routing.edit",
    params: numberGreetingParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404) },
  }),
  callNumber: endpoint({
    method: "POST",
    path: "/api/call-routing/:numberId/greetings/:slot/phone-call",
    summary: "Record a number's greeting by phone: the carrier calls you",
    description: BY_PHONE,
    access: "account",
    permission: "routing.edit",
    params: numberGreetingParamsSchema,
    body: greetingCallBodySchema,
    responses: { 201: greetingCallSchema, ...errors(400, 401, 403, 404) },
  }),
  setExtensionText: endpoint({
    method: "PUT",
    path: "/api/extensions/:id/greeting",
    summary: "Say an extension's voicemail greeting by text to speech",
    description: STORED_FILE,
    access: "account",
    permission: "extensions.edit",
    params: extensionGreetingParamsSchema,
    body: greetingTextBodySchema,
    responses: { 200: greetingSchema, ...errors(400, 401, 403, 404) },
  }),
  uploadExtensionAudio: endpoint({
    method: "POST",
    path: "/api/extensions/:id/greeting/audio",
    summary: "Make an uploaded recording an extension's voicemail greeting",
    description: STORED_FILE,
    access: "account",
    permission: "extensions.edit",
    params: extensionGreetingParamsSchema,
    upload: AUDIO_UPLOAD,
    responses: { 200: greetingSchema, ...errors(400, 401, 403, 404, 413) },
  }),
  removeExtension: endpoint({
    method: "DELETE",
    path: "/api/extensions/:id/greeting",
    summary: "Remove an extension's greeting (callers hear its name)",
    access: "account",
    permission: "extensions.edit",
    params: extensionGreetingParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404) },
  }),
  callExtension: endpoint({
    method: "POST",
    path: "/api/extensions/:id/greeting/phone-call",
    summary: "Record an extension's voicemail greeting by phone: the carrier calls you",
    description: BY_PHONE,
    access: "account",
    permission: "extensions.edit",
    params: extensionGreetingParamsSchema,
    body: greetingCallBodySchema,
    responses: { 201: greetingCallSchema, ...errors(400, 401, 403, 404) },
  }),
  callIvrMenu: endpoint({
    method: "POST",
    path: "/api/ivr-menus/:id/greeting/phone-call",
    summary: "Record an IVR menu's greeting by phone: the carrier calls you",
    description: `${BY_PHONE} The saved recording becomes the draft menu's greeting.`,
    access: "account",
    permission: "ivr.edit",
    params: ivrMenuParamsSchema,
    body: greetingCallBodySchema,
    responses: { 201: greetingCallSchema, ...errors(400, 401, 403, 404) },
  }),
  getCall: endpoint({
    method: "GET",
    path: "/api/greeting-calls/:id",
    summary: "Where a greeting recorded by phone is (calling, recording, recorded, saved…)",
    access: "account",
    params: greetingCallParamsSchema,
    responses: { 200: greetingCallSchema, ...errors(400, 401, 403, 404) },
  }),
};
