import { widgetPublicEndpoints } from "@poundline/contracts/widgets/endpoints";
import { handle } from "../../../http/contract-route";
import { embedScript } from "../shared";

/**
 * GET /widget/embed.js. With the current `?v=` it is immutable for a year (a new build has a new
 * version, hence a new URL in new snippets); without it (old snippets), cached for an hour and
 * revalidated by ETag. Loaded by other websites: cross-origin resource policy must allow it.
 */
export const script = handle(widgetPublicEndpoints.script, async (request, reply) => {
  const built = await embedScript();
  const etag = `"${built.version}"`;
  const { v } = request.query as { v?: unknown };
  reply
    .header("content-type", "text/javascript; charset=utf-8")
    .header("cross-origin-resource-policy", "cross-origin")
    .header("etag", etag)
    .header(
      "cache-control",
      v === built.version ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    );
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  return reply.send(built.code);
});
