import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { greetingAudioOf } from "@poundline/modules/greetings/greetings";
import { releaseNumber } from "@poundline/modules/numbers/numbers";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { greetingAudio, removeUploadedAudio, uploadedAudioKeyOf } from "../../http/uploaded-audio";
import { atCarrier, numberNotFound, portsOf } from "./shared";

export const release = handle(numberEndpoints.release, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db } = request.server.deps;
  // Its greetings' rows go with it (a foreign key); their recordings' files are removed here.
  const recordings = await greetingAudioOf(db.db, account.id, { type: "number", id: request.params.id });
  if (!(await atCarrier(() => releaseNumber(portsOf(request), account.id, request.params.id))))
    throw numberNotFound();
  for (const url of recordings)
    await removeUploadedAudio(
      request.server.deps,
      request.log,
      uploadedAudioKeyOf(greetingAudio, account.id, url),
    );
  await request.server.deps.routing.changed();
  return reply.status(204).send(null);
});
