import { endpointRoutes } from "../../http/contract-route";
import { dispositions, updateDispositions } from "./dispositions";
import { exportCsv } from "./export";
import { list } from "./list";
import { recording } from "./recording";
import { recordingAudio, recordingDownload, recordings } from "./recordings";
import { addParty, dropParty, hold, room } from "./rooms";
import { tag, tags } from "./tags";
import { transfer } from "./transfer";
import { updateNotes } from "./update-notes";

/**
 * The call history and calls in progress, mounted under /api: one file per endpoint, each scoped
 * to the caller's account.
 */
export const callRoutes = endpointRoutes(
  list,
  exportCsv,
  tags,
  updateNotes,
  tag,
  dispositions,
  updateDispositions,
  recording,
  recordings,
  recordingAudio,
  recordingDownload,
  transfer,
  room,
  hold,
  addParty,
  dropParty,
);
