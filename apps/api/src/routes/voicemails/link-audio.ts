import { AppError } from "@poundline/contracts/errors";
import { voicemailEndpoints } from "@poundline/contracts/voicemails/endpoints";
import { VOICEMAIL_LINK_EXPIRED_MESSAGE } from "@poundline/contracts/voicemails/schemas";
import { recordingOfLink } from "@poundline/modules/voicemails/links";
import { handle } from "../../http/contract-route";
import { sendStoredFile } from "../../http/stored-file";

const expired = () => new AppError("NOT_FOUND", VOICEMAIL_LINK_EXPIRED_MESSAGE);

/**
 * The recording a voicemail e-mail links to (one too large to attach), without signing in until
 * the link expires; with range requests, as in the console.
 */
export const linkAudio = handle(voicemailEndpoints.linkAudio, async (request, reply) => {
  const { db, storage, clock } = request.server.deps;
  const storagePath = await recordingOfLink(db.db, request.params.token, clock());
  if (!storagePath) throw expired();
  return sendStoredFile(request, reply, storage, storagePath, {
    ranges: true,
    headers: {
      "content-type": "audio/wav",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
    notFound: expired,
  });
});
