import type { ivrMenuBodySchema, ivrMenuListSchema, ivrMenuSchema } from "@poundline/api/ivr/schemas";
import type { z } from "zod";
import type { ApiClient } from "./client";
import { uploadBytes } from "./upload";

export type IvrMenu = z.output<typeof ivrMenuSchema>;
export type IvrMenuList = z.output<typeof ivrMenuListSchema>;
export type IvrMenuBody = z.input<typeof ivrMenuBodySchema>;

const menuPath = (id: string) => `/api/ivr-menus/${encodeURIComponent(id)}`;

/** IVR menus (services/api/src/ivr). */
export const ivrApi = (api: ApiClient) => ({
  list: (signal?: AbortSignal) => api.send<IvrMenuList>("GET", "/api/ivr-menus", { signal }),
  create: (body: IvrMenuBody) => api.send<IvrMenu>("POST", "/api/ivr-menus", { body }),
  update: (id: string, body: IvrMenuBody) => api.send<IvrMenu>("PUT", menuPath(id), { body }),
  remove: (id: string) => api.send<null>("DELETE", menuPath(id)),
  /** The recording's bytes; the API checks they are audio and makes it the menu's greeting. */
  uploadGreeting: (id: string, file: File) => uploadBytes<IvrMenu>(`${menuPath(id)}/greeting`, file),
});
