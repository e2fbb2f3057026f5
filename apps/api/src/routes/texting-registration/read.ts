import { textingRegistrationEndpoints } from "@poundline/contracts/texting-registration/endpoints";
import { readRegistration } from "@poundline/modules/texting-registration/registration";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { registrationPorts } from "./shared";

export const read = handle(textingRegistrationEndpoints.read, async (request) => {
  const { account } = requireAccount(request);
  return readRegistration(registrationPorts(request), account.id);
});
