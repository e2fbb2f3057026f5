import { endpoint, errors } from "../endpoint";
import { setupGuideDismissalBodySchema, setupGuideSchema, testCallResultSchema } from "./setup-guide-schemas";

/** The dashboard's setup guide: its steps, putting it away, and the test call. */
export const setupGuideEndpoints = {
  guide: endpoint({
    method: "GET",
    path: "/api/console/setup-guide",
    summary: "The setup guide's steps, each done or not",
    access: "account",
    responses: { 200: setupGuideSchema, ...errors(401, 403) },
  }),
  dismiss: endpoint({
    method: "PUT",
    path: "/api/console/setup-guide/dismissal",
    summary: "Put the guide away, or bring it back, for the signed-in person",
    access: "account",
    body: setupGuideDismissalBodySchema,
    responses: { 200: setupGuideSchema, ...errors(400, 401, 403) },
  }),
  testCall: endpoint({
    method: "POST",
    path: "/api/console/setup-guide/test-call",
    summary: "Call the account's number from the simulator and report what the caller heard",
    access: "account",
    permission: "calls.place",
    responses: { 200: testCallResultSchema, ...errors(401, 403, 409) },
  }),
};
