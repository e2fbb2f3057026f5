import { endpointRoutes } from "../../http/contract-route";
import { audio } from "./audio";
import { exportCsv } from "./export";
import { linkAudio } from "./link-audio";
import { list } from "./list";
import { remove } from "./remove";
import { unread } from "./unread";
import { update } from "./update";

/** Voicemails, mounted under /api: one file per endpoint, each scoped to the caller's account. */
export const voicemailRoutes = endpointRoutes(list, unread, exportCsv, audio, linkAudio, update, remove);
