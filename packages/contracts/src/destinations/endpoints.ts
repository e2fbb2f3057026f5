import { endpoint, errors } from "../endpoint";
import { destinationPolicyBodySchema, destinationPolicySchema } from "./schemas";

/** Where the account may call and text (the destination policy). */
export const destinationEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/destination-policy",
    summary: "The countries the account may call and text, and those it may choose",
    access: "account",
    responses: { 200: destinationPolicySchema, ...errors(401, 403) },
  }),
  save: endpoint({
    method: "PUT",
    path: "/api/destination-policy",
    summary: "Set the countries the account may call and text",
    access: "account",
    permission: "calling.countries",
    body: destinationPolicyBodySchema,
    responses: { 200: destinationPolicySchema, ...errors(400, 401, 403) },
  }),
};
