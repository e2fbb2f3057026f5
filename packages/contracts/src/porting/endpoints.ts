import { endpoint, errors } from "../endpoint";
import {
  adminPortInListSchema,
  createPortInBodySchema,
  portabilityBodySchema,
  portabilityListSchema,
  portInListSchema,
  portInParamsSchema,
  portInSchema,
} from "./schemas";

/** Bringing numbers in from another carrier: portability, requests, their letter and history. */
export const portingEndpoints = {
  portability: endpoint({
    method: "POST",
    path: "/api/porting/portability",
    summary: "Whether the carrier can port each of these numbers in",
    access: "account",
    permission: "numbers.buy",
    body: portabilityBodySchema,
    responses: { 200: portabilityListSchema, ...errors(400, 401, 403) },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/porting",
    summary: "The account's port-in requests, newest first, with each number's state and the history",
    access: "account",
    responses: { 200: portInListSchema, ...errors(401, 403) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/porting",
    summary: "Sign the letter of authorisation and submit a port-in request to the carrier",
    access: "account",
    permission: "numbers.buy",
    body: createPortInBodySchema,
    responses: { 201: portInSchema, ...errors(400, 401, 403, 404, 409, 503) },
  }),
  read: endpoint({
    method: "GET",
    path: "/api/porting/:id",
    summary: "One port-in request",
    access: "account",
    params: portInParamsSchema,
    responses: { 200: portInSchema, ...errors(400, 401, 403, 404) },
  }),
  letter: endpoint({
    method: "GET",
    path: "/api/porting/:id/letter",
    summary: "The signed letter of authorisation (PDF)",
    access: "account",
    params: portInParamsSchema,
    responses: {
      200: { raw: "application/pdf", description: "The letter as signed" },
      ...errors(400, 401, 403, 404),
    },
  }),
  cancel: endpoint({
    method: "DELETE",
    path: "/api/porting/:id",
    summary: "Cancel a port-in request that has not completed",
    access: "account",
    permission: "numbers.buy",
    params: portInParamsSchema,
    responses: { 200: portInSchema, ...errors(400, 401, 403, 404, 409) },
  }),
};

/** The admin area's view: every account's requests with their history. */
export const adminPortingEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/porting",
    summary: "Every port-in request, newest first, with its history",
    access: "admin",
    responses: { 200: adminPortInListSchema, ...errors(401, 403) },
  }),
};
