import { endpoint } from "../endpoint";
import { openApiDocumentSchema } from "./openapi-document";

/** The API's own reference: the contracts, published. */
export const referenceEndpoints = {
  openapi: endpoint({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document: every endpoint of the API, in OpenAPI 3.1",
    description:
      "Generated from the contracts the server registers its routes with, so it is the API as it runs. " +
      "The reference page at `/developers/api` shows it for people.",
    access: "public",
    responses: { 200: openApiDocumentSchema },
  }),
};
