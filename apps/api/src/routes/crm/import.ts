import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { AppError } from "@poundline/contracts/errors";
import type { PlannedRow } from "@poundline/modules/crm/import-plan";
import { importContacts } from "@poundline/modules/crm/transfer";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { countsOf, IMPORT_BODY_LIMIT, readBody, rowJson } from "./shared";

/** The report lists what did not simply become a new contact as the file had it. */
const worthReporting = (row: PlannedRow) => row.outcome !== "create" || row.problems.length > 0;

export const importContactsCsv = handle(
  contactEndpoints.import,
  async (request) => {
    const { account, user } = requireAccount(request);
    const { db, clock } = request.server.deps;
    const parsed = readBody(request.body);
    if (parsed.fileError)
      throw new AppError("BAD_REQUEST", parsed.fileError, { "body.file": [parsed.fileError] });
    const { mode } = request.body;
    const { rows } = await importContacts(db.db, account.id, parsed.rows, {
      mode,
      userId: user.id,
      now: clock(),
    });
    return { mode, counts: countsOf(rows), rows: rows.filter(worthReporting).map(rowJson) };
  },
  { bodyLimit: IMPORT_BODY_LIMIT },
);
