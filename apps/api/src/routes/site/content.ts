import { createHash } from "node:crypto";
import { siteEndpoints } from "@poundline/contracts/site/endpoints";
import { readContent } from "@poundline/modules/site/content";
import { handle } from "../../http/contract-route";
import { cacheScope } from "./shared";

export const content = handle(siteEndpoints.content, async (request, reply) => {
  const values = await readContent(request.server.deps.db.db, request.query.keys);
  // Admins edit these texts: revalidated on every load (a 304 when unchanged), so a change
  // shows at once rather than after a cached minute.
  const etag = `"${createHash("sha1").update(JSON.stringify(values)).digest("base64url")}"`;
  reply.header("cache-control", `${cacheScope(request)}, no-cache`).header("etag", etag);
  if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
  return { values };
});
