import type { exportContactsQuerySchema } from "@poundline/contracts/crm/csv-schemas";
import type { contactEndpoints } from "@poundline/contracts/crm/endpoints";
import type { activityQuerySchema, listContactsQuerySchema } from "@poundline/contracts/crm/schemas";
import type { SuccessOf } from "@poundline/contracts/endpoint";
import type { z } from "zod";
import { type ApiClient, type CallInput, withQuery } from "./client";
import { routes } from "./routes.generated";

type Endpoints = typeof contactEndpoints;
/** A query string's values, as the schema reads them (its input is `unknown` before coercion). */
type Query<Schema extends z.ZodType> = Partial<z.output<Schema>>;
type Body<Name extends keyof Endpoints> = CallInput<Endpoints[Name]>["body"];

export type Contact = SuccessOf<Endpoints["get"]>;
export type ContactList = SuccessOf<Endpoints["list"]>;
export type ContactListQuery = Query<typeof listContactsQuerySchema>;
export type ContactExportQuery = Query<typeof exportContactsQuerySchema>;
export type ActivityItem = SuccessOf<Endpoints["activity"]>["items"][number];
export type ImportPreview = SuccessOf<Endpoints["importPreview"]>;
export type ImportResult = SuccessOf<Endpoints["import"]>;

/** The contacts CRM (packages/contracts/src/crm/endpoints.ts). */
export const contactsApi = (api: ApiClient) => ({
  list: (query: ContactListQuery, signal?: AbortSignal) => api.call(routes.contacts.list, { query, signal }),
  tags: (signal?: AbortSignal) => api.call(routes.contacts.tags, { signal }),
  create: (body: Body<"create">) => api.call(routes.contacts.create, { body }),
  update: (id: string, body: Body<"update">) => api.call(routes.contacts.update, { params: { id }, body }),
  remove: (id: string) => api.call(routes.contacts.remove, { params: { id } }),
  convert: (id: string) => api.call(routes.contacts.convert, { params: { id } }),
  activity: (id: string, query: Query<typeof activityQuerySchema>, signal?: AbortSignal) =>
    api.call(routes.contacts.activity, { params: { id }, query, signal }),
  importPreview: (body: Body<"importPreview">) => api.call(routes.contacts.importPreview, { body }),
  import: (body: Body<"import">) => api.call(routes.contacts.import, { body }),
  /** The export is a download: the browser follows this address (the session cookie goes along). */
  exportUrl: (query: ContactExportQuery) => withQuery(routes.contacts.export.path, query),
});
