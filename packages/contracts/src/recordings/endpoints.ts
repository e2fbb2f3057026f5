import { endpoint, errors } from "../endpoint";
import { recordingRetentionBodySchema, recordingRetentionSchema } from "./schemas";

/** How long the account's call recordings are kept (housekeeping deletes older ones). */
export const recordingRetentionEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/recording-retention",
    summary: "How long the account's call recordings are kept, and whether the user may change it",
    access: "account",
    responses: { 200: recordingRetentionSchema, ...errors(401, 403) },
  }),
  save: endpoint({
    method: "PUT",
    path: "/api/recording-retention",
    summary: "Keep the account's call recordings 30, 90 or 365 days, or forever",
    description:
      "Recordings older than the retention are deleted within the hour, and the call history says so.",
    access: "account",
    permission: "recordings.retention",
    body: recordingRetentionBodySchema,
    responses: { 200: recordingRetentionSchema, ...errors(400, 401, 403) },
  }),
};
