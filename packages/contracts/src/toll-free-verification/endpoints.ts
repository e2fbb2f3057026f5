import { endpoint, errors } from "../endpoint";
import { numberParamsSchema } from "../numbers/schemas";
import { tollFreeProfileSchema, tollFreeVerificationStateSchema } from "./schemas";

/** Toll-free verification: a toll-free number texts only once the carrier has approved its business profile. */
export const tollFreeVerificationEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/numbers/:id/toll-free-verification",
    summary: "A toll-free number's verification (its status followed from the carrier) and the fee",
    access: "account",
    params: numberParamsSchema,
    responses: { 200: tollFreeVerificationStateSchema, ...errors(400, 401, 403, 404) },
  }),
  submit: endpoint({
    method: "POST",
    path: "/api/numbers/:id/toll-free-verification",
    summary: "Submit a toll-free number's business profile to the carrier for verification",
    access: "account",
    permission: "numbers.edit",
    params: numberParamsSchema,
    body: tollFreeProfileSchema,
    responses: { 201: tollFreeVerificationStateSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  resubmit: endpoint({
    method: "PUT",
    path: "/api/numbers/:id/toll-free-verification",
    summary: "Correct a rejected verification and send it back to review",
    access: "account",
    permission: "numbers.edit",
    params: numberParamsSchema,
    body: tollFreeProfileSchema,
    responses: { 200: tollFreeVerificationStateSchema, ...errors(400, 401, 403, 404, 409) },
  }),
};
