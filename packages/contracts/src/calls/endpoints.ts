import { audioAnswers, endpoint, errors } from "../endpoint";
import {
  addPartyBodySchema,
  callListSchema,
  callParamsSchema,
  callSidParamsSchema,
  holdBodySchema,
  listCallsQuerySchema,
  partyParamsSchema,
  roomSchema,
  transferBodySchema,
  transferredSchema,
  updateCallBodySchema,
  updatedCallSchema,
} from "./schemas";

/** The call history. */
export const callEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/calls",
    summary: "A page of the account's calls, filtered and searched",
    access: "account",
    query: listCallsQuerySchema,
    responses: { 200: callListSchema, ...errors(400, 401, 403) },
  }),
  updateNotes: endpoint({
    method: "PATCH",
    path: "/api/calls/:id",
    summary: "Change a call's notes",
    access: "account",
    permission: "calls.notes",
    params: callParamsSchema,
    body: updateCallBodySchema,
    responses: { 200: updatedCallSchema, ...errors(400, 401, 403, 404) },
  }),
  recording: endpoint({
    method: "GET",
    path: "/api/calls/:id/recording",
    summary: "A recorded call's recording, with range requests so a player can seek",
    description:
      "The call's stored recording (both parties, a channel each). 404 for a call without one, or before it is stored.",
    access: "account",
    params: callParamsSchema,
    responses: {
      ...audioAnswers,
      ...errors(400, 401, 403, 404),
    },
  }),
  transfer: endpoint({
    method: "POST",
    path: "/api/calls/:callSid/transfer",
    summary: "Hand a call in progress on (a cold transfer)",
    description:
      "The caller's call leaves whoever took it (their leg hangs up) and is routed to the target as from the number it came on: a member (their phone and softphone, then the number's voicemail), an extension, the number's ring group, an IVR menu, or an outside number (under the account's destination policy). 409 when the call has ended.",
    access: "account",
    permission: "calls.place",
    params: callSidParamsSchema,
    body: transferBodySchema,
    responses: { 200: transferredSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  room: endpoint({
    method: "GET",
    path: "/api/calls/:callSid/room",
    summary: "A call's room: whether the caller is held, and who was called in",
    description: "404 until the call is held or someone is called in.",
    access: "account",
    params: callSidParamsSchema,
    responses: { 200: roomSchema, ...errors(400, 401, 403, 404) },
  }),
  hold: endpoint({
    method: "POST",
    path: "/api/calls/:callSid/hold",
    summary: "Hold the caller (they hear the number's hold music) or bring them back",
    description:
      "For the member who took the call in the browser, `legCallSid` is their own leg; without it, a call answered on a phone (from Active Calls). The call moves into a conference room on first use. 409 when the call has ended.",
    access: "account",
    permission: "calls.place",
    params: callSidParamsSchema,
    body: holdBodySchema,
    responses: { 200: roomSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  addParty: endpoint({
    method: "POST",
    path: "/api/calls/:callSid/parties",
    summary: "Call a colleague or an outside number into the call (a warm transfer or a conference)",
    description:
      "While the caller is held, the member talks with the party alone (a warm transfer: the member then brings the caller back and hangs up, or drops the party). Otherwise all three talk. An outside number is under the destination policy.",
    access: "account",
    permission: "calls.place",
    params: callSidParamsSchema,
    body: addPartyBodySchema,
    responses: { 201: roomSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  dropParty: endpoint({
    method: "DELETE",
    path: "/api/calls/:callSid/parties/:partyCallSid",
    summary: "Drop a party from the call",
    description:
      "The room's `memberCallSid` drops whoever took the call: the caller goes on with those called in (a warm transfer completed).",
    access: "account",
    permission: "calls.place",
    params: partyParamsSchema,
    responses: { 200: roomSchema, ...errors(400, 401, 403, 404) },
  }),
};
