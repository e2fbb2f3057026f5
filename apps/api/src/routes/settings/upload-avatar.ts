import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { setAvatarUrl } from "@poundline/modules/settings/settings";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { normaliseAvatar, profileOf, removeStoredAvatar, storeAvatar } from "./shared";

// The image's bytes as the body (any image content type): checked, resized, stored.
export const uploadAvatar = handle(settingsEndpoints.uploadAvatar, async (request) => {
  const { user } = requireAuth(request);
  const { deps } = request.server;
  const image = await normaliseAvatar(request.body);
  const url = await storeAvatar(deps, user.id, image);
  const replaced = await setAvatarUrl(deps.db.db, user.id, url, deps.clock());
  await removeStoredAvatar(deps, request.log, replaced);
  return profileOf(request, user.id);
});
