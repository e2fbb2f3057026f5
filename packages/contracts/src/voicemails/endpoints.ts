import { z } from "zod";
import { audioAnswers, endpoint, errors } from "../endpoint";
import {
  exportVoicemailsQuerySchema,
  listVoicemailsQuerySchema,
  unreadVoicemailsSchema,
  updateVoicemailBodySchema,
  voicemailLinkParamsSchema,
  voicemailListSchema,
  voicemailParamsSchema,
  voicemailSchema,
} from "./schemas";

/** Voicemails left on the account's numbers: listed, played, marked read, exported, removed. */
export const voicemailEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/voicemails",
    summary: "A page of the account's voicemails, newest first, optionally filtered",
    access: "account",
    publicApi: { scope: "voicemails" },
    query: listVoicemailsQuerySchema,
    responses: { 200: voicemailListSchema, ...errors(400, 401, 403) },
  }),
  unread: endpoint({
    method: "GET",
    path: "/api/voicemails/unread",
    summary: "How many voicemails are unread",
    access: "account",
    responses: { 200: unreadVoicemailsSchema, ...errors(401, 403) },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/voicemails/export.csv",
    summary: "The voicemails matching the filters, as a CSV download",
    access: "account",
    query: exportVoicemailsQuerySchema,
    responses: {
      200: { raw: "text/csv", description: "One line per voicemail, newest first" },
      ...errors(400, 401, 403),
    },
  }),
  audio: endpoint({
    method: "GET",
    path: "/api/voicemails/:id/audio",
    summary: "A voicemail's recording, with range requests so a player can seek",
    access: "account",
    publicApi: { scope: "voicemails" },
    params: voicemailParamsSchema,
    responses: {
      ...audioAnswers,
      ...errors(400, 401, 403, 404),
    },
  }),
  linkAudio: endpoint({
    method: "GET",
    path: "/api/voicemail-links/:token/audio",
    summary: "A voicemail's recording through the link its e-mail carried, until the link expires",
    access: "public",
    params: voicemailLinkParamsSchema,
    responses: {
      ...audioAnswers,
      ...errors(400, 404),
    },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/voicemails/:id",
    summary: "Mark a voicemail read or unread",
    access: "account",
    publicApi: { scope: "voicemails" },
    permission: "voicemails.manage",
    params: voicemailParamsSchema,
    body: updateVoicemailBodySchema,
    responses: { 200: voicemailSchema, ...errors(400, 401, 403, 404) },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/voicemails/:id",
    summary: "Delete a voicemail and its recording",
    access: "account",
    publicApi: { scope: "voicemails" },
    permission: "voicemails.manage",
    params: voicemailParamsSchema,
    responses: { 204: z.null().describe("No content"), ...errors(400, 401, 403, 404) },
  }),
};
