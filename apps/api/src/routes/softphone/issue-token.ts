import { AppError } from "@poundline/contracts/errors";
import { softphoneEndpoints } from "@poundline/contracts/softphone/endpoints";
import { issueSoftphoneToken, softphoneIdentity, softphoneKeysOf } from "@poundline/modules/softphone/token";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const softphoneNotConfigured =
  "The softphone needs TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET and TWILIO_TWIML_APP_SID.";

export const issueToken = handle(softphoneEndpoints.token, async (request) => {
  const { account, user } = requireAccount(request);
  const { carrier, config } = request.server.deps;
  const keys = softphoneKeysOf(carrier, config);
  if (!keys) throw new AppError("NOT_CONFIGURED", softphoneNotConfigured);
  const issued = issueSoftphoneToken(keys, softphoneIdentity(account.id, user.id));
  return {
    token: issued.token,
    identity: issued.identity,
    expiresAt: issued.expiresAt.toISOString(),
    mode: carrier.mode === "simulator" ? ("simulator" as const) : ("carrier" as const),
  };
});
