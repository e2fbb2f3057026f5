import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { CALL_CSV_HEADER, exportCallRows } from "@poundline/modules/calls/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendCsv } from "../../http/csv-export";

// Not JSON: errors still answer in the one error shape, through the error handler.
export const exportCsv = handle(callEndpoints.export, async (request, reply) => {
  const { account } = requireAccount(request);
  const { from, to } = request.query;
  return sendCsv(reply, {
    fileName: `calls-${from}-to-${to}.csv`,
    header: CALL_CSV_HEADER,
    rows: exportCallRows(request.server.deps.db.db, account.id, request.query),
  });
});
