import { endpoint, errors } from "../endpoint";
import {
  callRoutingSchema,
  numberParamsSchema,
  numberRoutingBodySchema,
  numberRoutingSchema,
} from "./schemas";

/** Call routing per number: hours, holidays, destinations and music on hold. */
export const callRoutingEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/call-routing",
    summary: "The routing of each of the account's numbers, with what the validator finds",
    access: "account",
    publicApi: { scope: "routing" },
    responses: { 200: callRoutingSchema, ...errors(401, 403) },
  }),
  save: endpoint({
    method: "PUT",
    path: "/api/call-routing/:numberId",
    summary: "Set a number's routing",
    access: "account",
    permission: "routing.edit",
    params: numberParamsSchema,
    body: numberRoutingBodySchema,
    responses: { 200: numberRoutingSchema, ...errors(400, 401, 403, 404) },
  }),
  uploadHoldMusic: endpoint({
    method: "POST",
    path: "/api/call-routing/:numberId/hold-music",
    summary: "Upload a number's music on hold (the file's bytes, MP3, WAV or AIFF)",
    access: "account",
    permission: "routing.edit",
    params: numberParamsSchema,
    upload: { raw: "audio/*", description: "The recording's bytes as they are" },
    responses: { 200: numberRoutingSchema, ...errors(400, 401, 403, 404, 413, 415) },
  }),
};
