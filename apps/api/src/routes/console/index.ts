import { endpointRoutes } from "../../http/contract-route";
import { activeCalls } from "./active-calls";
import { clickToCall } from "./click-to-call";
import { dismiss } from "./dismiss";
import { guide } from "./guide";
import { numbers } from "./numbers";
import { recentCalls } from "./recent-calls";
import { recentVoicemails } from "./recent-voicemails";
import { search } from "./search";
import { stats } from "./stats";
import { testCall } from "./test-call";
import { timeZone } from "./time-zone";
import { unread } from "./unread";
import { waitingCallers } from "./waiting-callers";

/**
 * The console's shell and home, mounted under /api: the setup guide, the bell, the header search,
 * the stat cards, recent and active calls. One file per endpoint. (The bridge leg of Make a Call
 * is carrier TwiML, under /twilio: bridge-routes.ts.)
 */
export const consoleRoutes = endpointRoutes(
  guide,
  dismiss,
  testCall,
  unread,
  search,
  timeZone,
  numbers,
  stats,
  recentCalls,
  recentVoicemails,
  activeCalls,
  waitingCallers,
  clickToCall,
);
