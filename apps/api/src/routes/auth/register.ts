import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { portsOf } from "@poundline/modules/auth/ports";
import { registerUser } from "@poundline/modules/auth/registration";
import { handle } from "../../http/contract-route";

export const register = handle(authEndpoints.register, async (request, reply) => {
  await registerUser(portsOf(request), request.body);
  return reply.status(201).send({ message: authMessages.registered });
});
