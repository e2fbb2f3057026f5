import { can } from "@poundline/contracts/auth/permissions";
import { recordingRetentionEndpoints } from "@poundline/contracts/recordings/endpoints";
import { recordingRetention } from "@poundline/modules/recordings/retention";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const get = handle(recordingRetentionEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  return {
    days: await recordingRetention(request.server.deps.db.db, account.id),
    canEdit: can(account.role, "recordings.retention"),
  };
});
