import { pushEndpoints } from "@poundline/contracts/settings/push-endpoints";
import { subscribePush } from "@poundline/modules/push/subscriptions";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const subscribe = handle(pushEndpoints.subscribe, async (request) => {
  const { user } = requireAuth(request);
  const { db, clock } = request.server.deps;
  const { endpoint, keys } = request.body;
  return subscribePush(
    db.db,
    user.id,
    { endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent: request.headers["user-agent"] ?? null },
    clock(),
  );
});
