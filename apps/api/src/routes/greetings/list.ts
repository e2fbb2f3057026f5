import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { listGreetings } from "@poundline/modules/greetings/greetings";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(greetingEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return { items: await listGreetings(request.server.deps.db.db, account.id) };
});
