import { analyticsEndpoints } from "@poundline/contracts/analytics/endpoints";
import { ANALYTICS_CSV_HEADER, analyticsCsvRows } from "@poundline/modules/analytics/export";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendCsv } from "../../http/csv-export";

// At most 366 rows: one batch.
export const exportCsv = handle(analyticsEndpoints.export, async (request, reply) => {
  const { account } = requireAccount(request);
  const { from, to } = request.query;
  const rows = await analyticsCsvRows(request.server.deps.db.db, account.id, request.query);
  return sendCsv(reply, {
    fileName: `analytics-${from}-to-${to}.csv`,
    header: ANALYTICS_CSV_HEADER,
    rows: [rows],
  });
});
