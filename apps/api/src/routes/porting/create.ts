import { portingEndpoints } from "@poundline/contracts/porting/endpoints";
import { createPortIn } from "@poundline/modules/porting/requests";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portingPorts, writeAnswer } from "./shared";

export const create = handle(portingEndpoints.create, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const result = await createPortIn(
    portingPorts(request),
    { accountId: account.id, userId: user.id },
    request.body,
  );
  return reply.status(201).send(writeAnswer(result));
});
