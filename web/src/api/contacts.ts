import type {
  exportContactsQuerySchema,
  importContactsBodySchema,
  importPreviewSchema,
  importResultSchema,
} from "@poundline/api/crm/csv-schemas";
import type {
  activityQuerySchema,
  contactActivitySchema,
  contactListSchema,
  contactSchema,
  contactTagsSchema,
  createContactBodySchema,
  listContactsQuerySchema,
  updateContactBodySchema,
} from "@poundline/api/crm/schemas";
import type { z } from "zod";
import { type ApiClient, withQuery } from "./client";

type Input<Schema extends z.ZodType> = z.input<Schema>;
/** A query string's values, as the schema reads them (its input is `unknown` before coercion). */
type Query<Schema extends z.ZodType> = Partial<z.output<Schema>>;
/** What the API answers, as JSON carries it (dates as ISO strings). */
type Json<Schema extends z.ZodType> = z.input<Schema>;

export type Contact = Json<typeof contactSchema>;
export type ContactList = Json<typeof contactListSchema>;
export type ContactListQuery = Query<typeof listContactsQuerySchema>;
export type ContactExportQuery = Query<typeof exportContactsQuerySchema>;
export type ActivityItem = Json<typeof contactActivitySchema>["items"][number];
export type ImportPreview = Json<typeof importPreviewSchema>;
export type ImportResult = Json<typeof importResultSchema>;

/** The contacts CRM endpoints (services/api/src/crm). */
export const contactsApi = (api: ApiClient) => ({
  list: (query: ContactListQuery, signal?: AbortSignal) =>
    api.send<ContactList>("GET", withQuery("/api/contacts", query), { signal }),
  tags: (signal?: AbortSignal) =>
    api.send<Json<typeof contactTagsSchema>>("GET", "/api/contacts/tags", { signal }),
  create: (body: Input<typeof createContactBodySchema>) =>
    api.send<Contact>("POST", "/api/contacts", { body }),
  update: (id: string, body: Input<typeof updateContactBodySchema>) =>
    api.send<Contact>("PATCH", `/api/contacts/${encodeURIComponent(id)}`, { body }),
  remove: (id: string) => api.send<null>("DELETE", `/api/contacts/${encodeURIComponent(id)}`),
  convert: (id: string) => api.send<Contact>("POST", `/api/contacts/${encodeURIComponent(id)}/convert`),
  activity: (id: string, query: Query<typeof activityQuerySchema>, signal?: AbortSignal) =>
    api.send<Json<typeof contactActivitySchema>>(
      "GET",
      withQuery(`/api/contacts/${encodeURIComponent(id)}/activity`, query),
      { signal },
    ),
  importPreview: (body: Input<typeof importContactsBodySchema>) =>
    api.send<ImportPreview>("POST", "/api/contacts/import/preview", { body }),
  import: (body: Input<typeof importContactsBodySchema>) =>
    api.send<ImportResult>("POST", "/api/contacts/import", { body }),
  /** The export is a download: the browser follows this address (the session cookie goes along). */
  exportUrl: (query: ContactExportQuery) => withQuery("/api/contacts/export.csv", query),
});
