import { endpointRoutes } from "../../http/contract-route";
import { addCallNote } from "./add-call-note";
import { addConversationNote } from "./add-conversation-note";
import { assignConversation } from "./assign-conversation";
import { assignVoicemail } from "./assign-voicemail";
import { callNotes } from "./call-notes";
import { conversation } from "./conversation";
import { conversationNotes } from "./conversation-notes";
import { markNotificationsRead } from "./mark-notifications-read";
import { members } from "./members";
import { notifications } from "./notifications";
import { resolveConversation } from "./resolve-conversation";
import { resolveVoicemail } from "./resolve-voicemail";
import { roundRobin } from "./round-robin";
import { setRoundRobin } from "./set-round-robin";
import { typing } from "./typing";

/** The shared inbox, mounted under /api: one file per endpoint. */
export const inboxRoutes = endpointRoutes(
  members,
  conversation,
  assignConversation,
  resolveConversation,
  conversationNotes,
  addConversationNote,
  typing,
  assignVoicemail,
  resolveVoicemail,
  callNotes,
  addCallNote,
  roundRobin,
  setRoundRobin,
  notifications,
  markNotificationsRead,
);
