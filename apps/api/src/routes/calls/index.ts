import { endpointRoutes } from "../../http/contract-route";
import { list } from "./list";
import { recording } from "./recording";
import { addParty, dropParty, hold, room } from "./rooms";
import { transfer } from "./transfer";
import { updateNotes } from "./update-notes";

/**
 * The call history and calls in progress, mounted under /api: one file per endpoint, each scoped
 * to the caller's account.
 */
export const callRoutes = endpointRoutes(
  list,
  updateNotes,
  recording,
  transfer,
  room,
  hold,
  addParty,
  dropParty,
);
