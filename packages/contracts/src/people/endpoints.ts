import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import {
  availabilitySchema,
  directLineSchema,
  forwardingSchema,
  forwardingViewSchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  myCallBodySchema,
  myCallParamsSchema,
  presenceListSchema,
  workingHoursSchema,
} from "./schemas";

const noContent = z.null().describe("No content");

const ROUTING_NOTE =
  "Ring groups that name the member read it at the next call: the routing tables are recompiled before the answer.";

/**
 * People in the routing: each member's availability, working hours, forwarding phone, and the
 * direct number or extension the owner or an admin gives them.
 */
export const peopleEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/people",
    summary: "The account's members with their availability (the ring-group editor's list)",
    access: "account",
    responses: { 200: memberListSchema, ...errors(401, 403) },
  }),
  getAvailability: endpoint({
    method: "GET",
    path: "/api/people/me/availability",
    summary: "The signed-in member's availability",
    access: "account",
    responses: { 200: availabilitySchema, ...errors(401, 403) },
  }),
  setAvailability: endpoint({
    method: "PUT",
    path: "/api/people/me/availability",
    summary: "Set one's availability: Available, Do not disturb or Away",
    description: ROUTING_NOTE,
    access: "account",
    body: availabilitySchema,
    responses: { 200: availabilitySchema, ...errors(400, 401, 403) },
  }),
  getWorkingHours: endpoint({
    method: "GET",
    path: "/api/people/me/working-hours",
    summary: "The signed-in member's working hours and time zone",
    access: "account",
    responses: { 200: workingHoursSchema, ...errors(401, 403) },
  }),
  setWorkingHours: endpoint({
    method: "PUT",
    path: "/api/people/me/working-hours",
    summary: "Set one's working hours (null: any time) and time zone",
    description: ROUTING_NOTE,
    access: "account",
    body: workingHoursSchema,
    responses: { 200: workingHoursSchema, ...errors(400, 401, 403) },
  }),
  getForwarding: endpoint({
    method: "GET",
    path: "/api/people/me/forwarding",
    summary: "The phone ring groups ring for the signed-in member",
    access: "account",
    responses: { 200: forwardingViewSchema, ...errors(401, 403) },
  }),
  setForwarding: endpoint({
    method: "PUT",
    path: "/api/people/me/forwarding",
    summary: "Set the phone ring groups ring for one (null: none)",
    description: ROUTING_NOTE,
    access: "account",
    body: forwardingSchema,
    responses: { 200: forwardingViewSchema, ...errors(400, 401, 403) },
  }),
  setDirectLine: endpoint({
    method: "PUT",
    path: "/api/people/:id/direct-line",
    summary: "Give a member a direct number and an extension of the account (null: none)",
    access: "account",
    permission: "users.manage",
    params: memberParamsSchema,
    body: directLineSchema,
    responses: { 200: memberSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  presence: endpoint({
    method: "GET",
    path: "/api/people/presence",
    summary: "Each member's live state: Available, On a call, Do not disturb, Away or Offline",
    description:
      "Online is an open console on any instance; on a call, a call in progress they are a party to. Changes are announced on /api/live as presence.changed.",
    access: "account",
    responses: { 200: presenceListSchema, ...errors(401, 403) },
  }),
  joinedCall: endpoint({
    method: "POST",
    path: "/api/people/me/calls",
    summary: "The signed-in member's softphone is on this call (their state reads On a call)",
    access: "account",
    permission: "calls.place",
    body: myCallBodySchema,
    responses: { 204: noContent, ...errors(400, 401, 403) },
  }),
  leftCall: endpoint({
    method: "DELETE",
    path: "/api/people/me/calls/:callSid",
    summary: "The signed-in member's softphone left this call",
    access: "account",
    permission: "calls.place",
    params: myCallParamsSchema,
    responses: { 204: noContent, ...errors(400, 401, 403) },
  }),
} as const;
