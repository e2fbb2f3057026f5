import { AppError } from "@poundline/contracts/errors";
import {
  MEDIA_NOT_FOUND_MESSAGE,
  MESSAGE_NOT_FOUND_MESSAGE,
} from "@poundline/contracts/messages/conversation-schemas";
import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import { findMessage } from "@poundline/modules/messages/conversations";
import { fetchMedia, isInlineMedia } from "@poundline/modules/messages/media";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

// Not JSON: errors still answer in the one error shape, through the error handler.
export const media = handle(messageEndpoints.media, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, carrier } = request.server.deps;
  const message = await findMessage(db.db, account.id, request.params.id);
  if (!message) throw new AppError("NOT_FOUND", MESSAGE_NOT_FOUND_MESSAGE);
  const raw = message.mediaUrls[request.params.index];
  if (!raw) throw new AppError("NOT_FOUND", MEDIA_NOT_FOUND_MESSAGE);
  const fetched = await fetchMedia(
    { fetch: request.server.deps.fetch, carrier },
    raw,
    message.mediaContentTypes[request.params.index] ?? "",
  );
  if (!fetched.ok) throw new AppError("NOT_FOUND", MEDIA_NOT_FOUND_MESSAGE);
  const inline = isInlineMedia(fetched.contentType);
  return reply
    .header("content-type", inline ? fetched.contentType : "application/octet-stream")
    .header("content-disposition", inline ? "inline" : `attachment; filename="media-${request.params.index}"`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, max-age=3600")
    .send(Buffer.from(fetched.body));
});
