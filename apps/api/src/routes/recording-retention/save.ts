import { recordingRetentionEndpoints } from "@poundline/contracts/recordings/endpoints";
import { setRecordingRetention } from "@poundline/modules/recordings/retention";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const save = handle(recordingRetentionEndpoints.save, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  await setRecordingRetention(db.db, account.id, request.body.days, clock());
  return { days: request.body.days, canEdit: true };
});
