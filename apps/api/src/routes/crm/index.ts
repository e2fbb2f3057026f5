import { endpointRoutes } from "../../http/contract-route";
import { activity } from "./activity";
import { convert } from "./convert";
import { create } from "./create";
import { exportCsv } from "./export";
import { get } from "./get";
import { importContactsCsv } from "./import";
import { importPreview } from "./import-preview";
import { list } from "./list";
import { remove } from "./remove";
import { tags } from "./tags";
import { update } from "./update";

/** The contacts CRM, mounted under /api: one file per endpoint, each scoped to the caller's account. */
export const crmRoutes = endpointRoutes(list, create, tags, get, update, remove, convert, activity);

/** Contacts import (preview, then the rows that make contacts) and CSV export, mounted under /api. */
export const contactCsvRoutes = endpointRoutes(importPreview, importContactsCsv, exportCsv);
