import { AppError } from "@poundline/contracts/errors";
import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { submitBundle as submit } from "@poundline/modules/numbers/abroad";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { abroadPortsOf, atCarrier } from "./shared";

export const submitBundle = handle(numberEndpoints.submitBundle, async (request, reply) => {
  const { account } = requireAccount(request);
  const result = await atCarrier(() => submit(abroadPortsOf(request), account.id, request.body));
  if (!result.ok) throw new AppError("BAD_REQUEST", result.message, { [result.field]: [result.message] });
  return reply.status(201).send(result.bundle);
});
