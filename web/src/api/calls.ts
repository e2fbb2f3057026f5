import type { callEndpoints } from "@poundline/contracts/calls/endpoints";
import type { listCallsQuerySchema } from "@poundline/contracts/calls/schemas";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { z } from "zod";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof callEndpoints;

export type CallList = SuccessOf<Endpoints["list"]>;
export type CallLog = CallList["calls"][number];
/** The query string's values, as the schema reads them (its input is `unknown` before coercion). */
export type CallListQuery = Partial<z.output<typeof listCallsQuerySchema>>;

/** The call history endpoints (packages/contracts/src/calls/endpoints.ts). */
export const callsApi = (api: ApiClient) => ({
  list: (query: CallListQuery, signal?: AbortSignal) => api.call(routes.calls.list, { query, signal }),
  /** The call's recordings, each with its transcript. */
  recordings: (id: string, signal?: AbortSignal) =>
    api.call(routes.calls.recordings, { params: { id }, signal }),
  updateNotes: (id: string, body: CallInput<Endpoints["updateNotes"]>["body"]) =>
    api.call(routes.calls.updateNotes, { params: { id }, body }),
  tag: (id: string, body: CallInput<Endpoints["tag"]>["body"]) =>
    api.call(routes.calls.tag, { params: { id }, body }),
  tags: (signal?: AbortSignal) => api.call(routes.calls.tags, { signal }),
  dispositions: (signal?: AbortSignal) => api.call(routes.calls.dispositions, { signal }),
  updateDispositions: (body: CallInput<Endpoints["updateDispositions"]>["body"]) =>
    api.call(routes.calls.updateDispositions, { body }),
  /** A cold transfer of a call in progress, by the caller's CallSid. */
  transfer: (callSid: string, target: TransferTarget) =>
    api.call(routes.calls.transfer, { params: { callSid }, body: { target } }),
  /** The call's room (held? who was called in?); a 404 until the call is held or someone called in. */
  room: (callSid: string, signal?: AbortSignal) =>
    api.call(routes.calls.room, { params: { callSid }, signal }),
  /** `legCallSid`: the browser's own leg; without it, a call answered on a phone (Active Calls). */
  hold: (callSid: string, legCallSid: string | undefined, hold: boolean) =>
    api.call(routes.calls.hold, {
      params: { callSid },
      body: { ...(legCallSid ? { legCallSid } : {}), hold },
    }),
  addParty: (callSid: string, legCallSid: string | undefined, target: PartyTarget) =>
    api.call(routes.calls.addParty, {
      params: { callSid },
      body: { ...(legCallSid ? { legCallSid } : {}), target },
    }),
  dropParty: (callSid: string, partyCallSid: string) =>
    api.call(routes.calls.dropParty, { params: { callSid, partyCallSid } }),
});

export type TransferTarget = CallInput<Endpoints["transfer"]>["body"]["target"];
export type PartyTarget = CallInput<Endpoints["addParty"]>["body"]["target"];
export type CallRoom = SuccessOf<Endpoints["room"]>;
export type CallRecording = SuccessOf<Endpoints["recordings"]>["recordings"][number];
