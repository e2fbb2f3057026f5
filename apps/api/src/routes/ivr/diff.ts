import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { schema } from "@poundline/db";
import { diffSnapshots } from "@poundline/modules/ivr/diff";
import { eq } from "drizzle-orm";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sideOf } from "./shared";

export const diff = handle(ivrEndpoints.diff, async (request) => {
  const { account } = requireAccount(request);
  const { db } = request.server.deps;
  const [from, to, extensions] = await Promise.all([
    sideOf(db.db, account.id, request.query.from),
    sideOf(db.db, account.id, request.query.to),
    db.db
      .select({
        id: schema.extensions.id,
        number: schema.extensions.extensionNumber,
        name: schema.extensions.name,
      })
      .from(schema.extensions)
      .where(eq(schema.extensions.accountId, account.id)),
  ]);
  const names = new Map<string, string>();
  for (const e of extensions) names.set(e.id, `${e.number} ${e.name}`);
  for (const m of [...from.snapshot.menus, ...to.snapshot.menus]) names.set(m.id, `menu “${m.name}”`);
  const changes = diffSnapshots(from.snapshot, to.snapshot, (id) => names.get(id));
  const side = ({ ref, versionId, version }: typeof from) => ({ ref, versionId, version });
  return { from: side(from), to: side(to), ...changes };
});
