import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { notFound } from "@poundline/contracts/errors";
import { findOutboxEmail } from "@poundline/modules/admin/emails";
import { handle } from "../../http/contract-route";

export const email = handle(adminEndpoints.email, async (request) => {
  const { db, config } = request.server.deps;
  // Without SMTP the outbox is the only delivery and its links must stay usable.
  const found = await findOutboxEmail(db.db, request.params.id, {
    redactTokens: Boolean(config.SMTP_URL),
  });
  if (!found) throw notFound("E-mail");
  return found;
});
