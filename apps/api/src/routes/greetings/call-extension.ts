import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { extensionGreeting, ownerNotFound, placeGreetingCall } from "./shared";

export const callExtension = handle(greetingEndpoints.callExtension, (request, reply) => {
  const owner = extensionGreeting(request.params);
  return placeGreetingCall(request, reply, owner, request.body.phone, () => ownerNotFound(owner));
});
