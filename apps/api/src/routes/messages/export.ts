import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import { exportMessageRows, MESSAGE_CSV_HEADER } from "@poundline/modules/messages/export";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendCsv } from "../../http/csv-export";

// Not JSON: errors still answer in the one error shape, through the error handler.
export const exportCsv = handle(messageEndpoints.export, async (request, reply) => {
  const { account } = requireAccount(request);
  const { from, to } = request.query;
  return sendCsv(reply, {
    fileName: `messages-${from}-to-${to}.csv`,
    header: MESSAGE_CSV_HEADER,
    rows: exportMessageRows(request.server.deps.db.db, account.id, request.query),
  });
});
