import { endpoint, errors } from "../endpoint";
import { activityPageSchema, activityQuerySchema } from "./schemas";

/** The account's activity log: who changed what, newest first. */
export const activityEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/activity",
    summary: "Who changed what in the account, newest first",
    description:
      "Every successful change of the account's set-up is recorded: users and roles, numbers, " +
      "routing, extensions, IVR menus, widgets, company information and billing. Using the " +
      "phones (calls, texts, voicemails, contacts) is not. Readable by the owner, admins and bookkeepers.",
    access: "account",
    permission: "activity.view",
    query: activityQuerySchema,
    responses: { 200: activityPageSchema, ...errors(400, 401, 403) },
  }),
};
