import { endpoint, errors } from "../endpoint";
import { textingRegistrationBodySchema, textingRegistrationResponseSchema } from "./schemas";

/** Texting registration (A2P 10DLC): the account's registration and its fees; submitting it. */
export const textingRegistrationEndpoints = {
  read: endpoint({
    method: "GET",
    path: "/api/texting-registration",
    summary: "The account's texting registration, followed at the carrier, and the fees of one",
    access: "account",
    responses: { 200: textingRegistrationResponseSchema, ...errors(401) },
  }),
  submit: endpoint({
    method: "POST",
    path: "/api/texting-registration",
    summary: "Register the business and its campaign for texting; the fees are charged to the wallet",
    access: "account",
    permission: "texting.register",
    body: textingRegistrationBodySchema,
    responses: { 201: textingRegistrationResponseSchema, ...errors(400, 401, 403, 409) },
  }),
};
