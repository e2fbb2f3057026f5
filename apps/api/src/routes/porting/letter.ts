import { portingEndpoints } from "@poundline/contracts/porting/endpoints";
import { letterKeyOf } from "@poundline/modules/porting/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portInNotFound } from "./shared";

/** The signed letter as stored (the storage port), for the account that signed it. */
export const letter = handle(portingEndpoints.letter, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, storage } = request.server.deps;
  const key = await letterKeyOf(db.db, account.id, request.params.id);
  const file = key ? await storage.get(key) : null;
  if (!file) throw portInNotFound();
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="letter-of-authorisation-${request.params.id}.pdf"`)
    .header("cache-control", "private, no-store")
    .send(file.body);
});
