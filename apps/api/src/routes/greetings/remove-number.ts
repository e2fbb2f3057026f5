import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { clearGreeting, numberGreeting } from "./shared";

export const removeNumber = handle(greetingEndpoints.removeNumber, async (request, reply) => {
  await clearGreeting(request, numberGreeting(request.params));
  return reply.status(204).send(null);
});
