import { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import { previewImport } from "@poundline/modules/crm/transfer";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { countsOf, IMPORT_BODY_LIMIT, readBody, rowJson } from "./shared";

export const importPreview = handle(
  contactEndpoints.importPreview,
  async (request) => {
    const { account } = requireAccount(request);
    const { mode } = request.body;
    const parsed = readBody(request.body);
    const { rows } = await previewImport(request.server.deps.db.db, account.id, parsed.rows, mode);
    return {
      format: parsed.format,
      encoding: parsed.encoding,
      mode,
      columns: parsed.columns,
      fileError: parsed.fileError,
      rows: rows.map(rowJson),
      counts: countsOf(rows),
    };
  },
  { bodyLimit: IMPORT_BODY_LIMIT },
);
