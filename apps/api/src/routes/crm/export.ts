import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { CSV_COLUMNS } from "@poundline/modules/crm/csv";
import { exportContactRows } from "@poundline/modules/crm/transfer";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendCsv } from "../../http/csv-export";

export const exportCsv = handle(contactEndpoints.export, async (request, reply) => {
  const { account } = requireAccount(request);
  const day = request.server.deps.clock().toISOString().slice(0, 10);
  return sendCsv(reply, {
    fileName: `contacts-${day}.csv`,
    header: CSV_COLUMNS,
    rows: exportContactRows(request.server.deps.db.db, account.id, request.query),
  });
});
