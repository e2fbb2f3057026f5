import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { settingsMessages } from "@poundline/contracts/settings/schemas";
import { requestEmailChange } from "@poundline/modules/auth/email-change";
import { metaOf, portsOf } from "@poundline/modules/auth/ports";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

// With the password (and a code under two-factor), the new address gets a link; the account
// keeps the old one until it is followed.
export const changeEmail = handle(settingsEndpoints.changeEmail, async (request) => {
  await requestEmailChange(portsOf(request), requireAuth(request), request.body, metaOf(request));
  return { message: settingsMessages.emailChangeSent };
});
