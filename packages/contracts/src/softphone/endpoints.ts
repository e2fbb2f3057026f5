import { endpoint, errors } from "../endpoint";
import {
  callCardParamsSchema,
  callCardQuerySchema,
  callCardSchema,
  softphoneSettingsBodySchema,
  softphoneSettingsSchema,
  softphoneTokenSchema,
} from "./schemas";

/** The console's softphone (issue 24): its device's credentials and the member's choices. */
export const softphoneEndpoints = {
  token: endpoint({
    method: "POST",
    path: "/api/softphone/token",
    summary: "A short-lived access token for the console's softphone",
    description:
      "An access token with a voice grant (incoming calls allowed, outgoing calls through the account's TwiML application) for the signed-in member in the current account, valid one hour. With a carrier account it needs `TWILIO_API_KEY_SID`, `TWILIO_API_KEY_SECRET` and `TWILIO_TWIML_APP_SID` (503 without them); without one, the embedded simulator signs it.",
    access: "account",
    permission: "calls.place",
    responses: { 200: softphoneTokenSchema, ...errors(401, 403, 503) },
  }),
  getSettings: endpoint({
    method: "GET",
    path: "/api/softphone/settings",
    summary: "The signed-in member's softphone: ringing in the browser, and the caller IDs on offer",
    access: "account",
    permission: "calls.place",
    responses: { 200: softphoneSettingsSchema, ...errors(401, 403) },
  }),
  setSettings: endpoint({
    method: "PUT",
    path: "/api/softphone/settings",
    summary: "Ring the browser for the signed-in member's calls, or stop",
    description:
      "Ring groups, the member's direct number and extension ring their browser (a `<Client>` leg) beside their forwarding phone. The routing tables are recompiled before the answer.",
    access: "account",
    permission: "calls.place",
    body: softphoneSettingsBodySchema,
    responses: { 200: softphoneSettingsSchema, ...errors(400, 401, 403) },
  }),
  callCard: endpoint({
    method: "GET",
    path: "/api/softphone/calls/:callSid/card",
    summary: "The other party of a call on the softphone: their contact and their last calls",
    description:
      "By the call's CallSid (an outgoing call's own, an incoming call's `ParentCallSid` parameter). A call the carrier has not reported yet answers `callId: null` and is described by `number`.",
    access: "account",
    permission: "calls.place",
    params: callCardParamsSchema,
    query: callCardQuerySchema,
    responses: { 200: callCardSchema, ...errors(400, 401, 403) },
  }),
} as const;
