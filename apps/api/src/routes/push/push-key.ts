import { pushEndpoints } from "@poundline/contracts/settings/push-endpoints";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const pushKey = handle(pushEndpoints.key, async (request) => {
  requireAuth(request);
  const { publicKey } = await request.server.deps.vapidKeys();
  return { publicKey };
});
