import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { clearGreeting, extensionGreeting } from "./shared";

export const removeExtension = handle(greetingEndpoints.removeExtension, async (request, reply) => {
  await clearGreeting(request, extensionGreeting(request.params));
  return reply.status(204).send(null);
});
