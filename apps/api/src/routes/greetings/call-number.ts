import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { numberGreeting, ownerNotFound, placeGreetingCall } from "./shared";

export const callNumber = handle(greetingEndpoints.callNumber, (request, reply) => {
  const owner = numberGreeting(request.params);
  return placeGreetingCall(request, reply, owner, request.body.phone, () => ownerNotFound(owner));
});
