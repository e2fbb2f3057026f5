import { voicemailEndpoints } from "@poundline/contracts/voicemails/endpoints";
import { VOICEMAIL_CSV_HEADER, voicemailRows } from "@poundline/modules/voicemails/export";
import { exportVoicemails } from "@poundline/modules/voicemails/voicemails";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendCsv } from "../../http/csv-export";

// Not JSON: errors still answer in the one error shape, through the error handler.
export const exportCsv = handle(voicemailEndpoints.export, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const rows = await exportVoicemails(db.db, account.id, request.query);
  const day = clock().toISOString().slice(0, 10);
  return sendCsv(reply, {
    fileName: `voicemails-${day}.csv`,
    header: VOICEMAIL_CSV_HEADER,
    rows: [voicemailRows(rows)],
  });
});
