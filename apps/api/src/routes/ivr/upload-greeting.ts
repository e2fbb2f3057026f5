import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { findMenu, setGreetingRecording } from "@poundline/modules/ivr/menus";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import {
  ivrGreetingAudio,
  removeUploadedAudio,
  storeUploadedAudio,
  uploadedAudioKeyOf,
} from "../../http/uploaded-audio";
import { menuNotFound, removeUnusedGreeting } from "./shared";

export const uploadGreeting = handle(ivrEndpoints.uploadGreeting, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const { id } = request.params;
  if (!(await findMenu(db.db, account.id, id))) throw menuNotFound();
  const url = await storeUploadedAudio(request.server.deps, ivrGreetingAudio, account.id, id, request.body);
  const saved = await setGreetingRecording(db.db, account.id, id, url, clock());
  if (!saved) {
    // Deleted while the bytes were being stored: keep nothing.
    await removeUploadedAudio(
      request.server.deps,
      request.log,
      uploadedAudioKeyOf(ivrGreetingAudio, account.id, url),
    );
    throw menuNotFound();
  }
  await removeUnusedGreeting(request, account.id, saved.replaced);
  return saved.menu;
});
