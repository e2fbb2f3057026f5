import { AppError } from "@poundline/contracts/errors";
import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { storageKeys } from "@poundline/platform/storage/keys";
import { handle } from "../../http/contract-route";
import { sendStoredFile } from "../../http/stored-file";

/** GET /media/avatars/:userId/:file: public, the random name is the secret. */
export const avatarImage = handle(settingsEndpoints.avatarImage, async (request, reply) => {
  const { userId, file } = request.params;
  return sendStoredFile(request, reply, request.server.deps.storage, storageKeys.avatar(userId, file), {
    headers: {
      "content-type": "image/webp",
      "cache-control": "public, max-age=86400, immutable",
      "x-content-type-options": "nosniff",
    },
    notFound: () => new AppError("NOT_FOUND", "Not found"),
  });
});
