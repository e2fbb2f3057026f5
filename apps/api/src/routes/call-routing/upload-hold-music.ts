import { callRoutingEndpoints } from "@poundline/contracts/call-routing/endpoints";
import { ownsNumber, setCustomHoldMusic } from "@poundline/modules/call-routing/number-routing";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import {
  holdMusicAudio,
  removeUploadedAudio,
  storeUploadedAudio,
  uploadedAudioKeyOf,
} from "../../http/uploaded-audio";
import { numberNotFound, saved } from "./shared";

export const uploadHoldMusic = handle(callRoutingEndpoints.uploadHoldMusic, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock, routing } = request.server.deps;
  const { numberId } = request.params;
  if (!(await ownsNumber(db.db, account.id, numberId))) throw numberNotFound();
  const url = await storeUploadedAudio(
    request.server.deps,
    holdMusicAudio,
    account.id,
    numberId,
    request.body,
  );
  const { result, replaced } = await setCustomHoldMusic(db.db, account.id, numberId, url, clock());
  // Refused (or the number gone): the new file goes; saved: the music it replaced goes.
  const unwanted = result.ok ? replaced : url;
  await removeUploadedAudio(
    request.server.deps,
    request.log,
    uploadedAudioKeyOf(holdMusicAudio, account.id, unwanted ?? null),
  );
  const routingView = saved(result);
  await routing.changed();
  return routingView;
});
