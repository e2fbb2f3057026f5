import { portingEndpoints } from "@poundline/contracts/porting/endpoints";
import { checkPortability } from "@poundline/modules/porting/requests";
import { handle } from "../../http/contract-route";

export const portability = handle(portingEndpoints.portability, async (request) => {
  const results = await checkPortability(request.server.deps.portingCarrier, request.body.numbers);
  return { results: results.map(({ e164, portable, reason }) => ({ e164, portable, reason })) };
});
