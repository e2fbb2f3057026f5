import { referenceEndpoints } from "@poundline/contracts/reference/endpoints";
import { buildOpenApiDocument } from "@poundline/contracts/reference/openapi";
import type { OpenApiDocument } from "@poundline/contracts/reference/openapi-document";
import { handle } from "../../http/contract-route";

/** The contracts do not change while the server runs: the document is made once, when first asked. */
let document: OpenApiDocument | null = null;

export const openapi = handle(referenceEndpoints.openapi, async () => {
  document ??= buildOpenApiDocument();
  return document;
});
