import { activityEndpoints } from "./activity/endpoints";
import { adminEndpoints } from "./admin/endpoints";
import { analyticsEndpoints } from "./analytics/endpoints";
import { apiKeyEndpoints } from "./api-keys/endpoints";
import { authEndpoints, twoFactorEndpoints } from "./auth/endpoints";
import { automationEndpoints } from "./automations/endpoints";
import { billingEndpoints } from "./billing/endpoints";
import { callBlockingEndpoints } from "./call-blocking/endpoints";
import { callRoutingEndpoints } from "./call-routing/endpoints";
import { callEndpoints } from "./calls/endpoints";
import { consoleEndpoints } from "./console/endpoints";
import { setupGuideEndpoints } from "./console/setup-guide-endpoints";
import { contactEndpoints } from "./crm/endpoints";
import { destinationEndpoints } from "./destinations/endpoints";
import type { Endpoint } from "./endpoint";
import { extensionEndpoints } from "./extensions/endpoints";
import { geoRoutingEndpoints } from "./geo-routing/endpoints";
import { greetingEndpoints } from "./greetings/endpoints";
import { inboxEndpoints } from "./inbox/endpoints";
import { ivrEndpoints } from "./ivr/endpoints";
import { messageEndpoints } from "./messages/endpoints";
import { numberEndpoints } from "./numbers/endpoints";
import { peopleEndpoints } from "./people/endpoints";
import { adminPortingEndpoints, portingEndpoints } from "./porting/endpoints";
import { recordingRetentionEndpoints } from "./recordings/endpoints";
import { referenceEndpoints } from "./reference/endpoints";
import { settingsEndpoints } from "./settings/endpoints";
import { pushEndpoints } from "./settings/push-endpoints";
import { siteEndpoints } from "./site/endpoints";
import { softphoneEndpoints } from "./softphone/endpoints";
import { supportEndpoints } from "./support/endpoints";
import { invitationEndpoints, myAccountEndpoints, teamEndpoints } from "./team/endpoints";
import { textingRegistrationEndpoints } from "./texting-registration/endpoints";
import { tollFreeVerificationEndpoints } from "./toll-free-verification/endpoints";
import { verifiedNumberEndpoints } from "./verified-numbers/endpoints";
import { voicemailEndpoints } from "./voicemails/endpoints";
import { webhookEndpoints } from "./webhooks/endpoints";
import { widgetEndpoints, widgetPublicEndpoints } from "./widgets/endpoints";

/**
 * Every endpoint of the API, by context and name: the server registers a handler for each, and
 * the OpenAPI document, the web's route table and the common route suite are made from this.
 */
export const contracts = {
  extensions: extensionEndpoints,
  activity: activityEndpoints,
  analytics: analyticsEndpoints,
  apiKeys: apiKeyEndpoints,
  calls: callEndpoints,
  callRouting: callRoutingEndpoints,
  callBlocking: callBlockingEndpoints,
  greetings: greetingEndpoints,
  destinations: destinationEndpoints,
  recordingRetention: recordingRetentionEndpoints,
  verifiedNumbers: verifiedNumberEndpoints,
  tollFreeVerification: tollFreeVerificationEndpoints,
  webhooks: webhookEndpoints,
  textingRegistration: textingRegistrationEndpoints,
  site: siteEndpoints,
  settings: settingsEndpoints,
  push: pushEndpoints,
  widgets: widgetEndpoints,
  widgetPublic: widgetPublicEndpoints,
  auth: authEndpoints,
  twoFactor: twoFactorEndpoints,
  console: consoleEndpoints,
  setupGuide: setupGuideEndpoints,
  contacts: contactEndpoints,
  messages: messageEndpoints,
  ivr: ivrEndpoints,
  geoRouting: geoRoutingEndpoints,
  voicemails: voicemailEndpoints,
  admin: adminEndpoints,
  billing: billingEndpoints,
  numbers: numberEndpoints,
  people: peopleEndpoints,
  inbox: inboxEndpoints,
  support: supportEndpoints,
  reference: referenceEndpoints,
  team: teamEndpoints,
  invitations: invitationEndpoints,
  myAccounts: myAccountEndpoints,
  softphone: softphoneEndpoints,
  automations: automationEndpoints,
  porting: portingEndpoints,
  adminPorting: adminPortingEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export type Contracts = typeof contracts;

export interface ListedEndpoint {
  context: string;
  name: string;
  endpoint: Endpoint;
}

/** Every endpoint, in the registry's order. */
export function listEndpoints(): ListedEndpoint[] {
  return Object.entries(contracts).flatMap(([context, group]) =>
    Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({
      context,
      name,
      endpoint,
    })),
  );
}
