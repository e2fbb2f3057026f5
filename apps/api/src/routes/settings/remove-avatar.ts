import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { setAvatarUrl } from "@poundline/modules/settings/settings";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { profileOf, removeStoredAvatar } from "./shared";

export const removeAvatar = handle(settingsEndpoints.removeAvatar, async (request) => {
  const { user } = requireAuth(request);
  const { deps } = request.server;
  const replaced = await setAvatarUrl(deps.db.db, user.id, null, deps.clock());
  await removeStoredAvatar(deps, request.log, replaced);
  return profileOf(request, user.id);
});
