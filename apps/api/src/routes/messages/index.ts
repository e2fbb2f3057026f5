import { endpointRoutes } from "../../http/contract-route";
import { conversations } from "./conversations";
import { exportCsv } from "./export";
import { list } from "./list";
import { markRead } from "./mark-read";
import { media } from "./media";
import { send } from "./send";
import { senders } from "./senders";
import { thread } from "./thread";
import { unread } from "./unread";

/** Text messages, mounted under /api: one file per endpoint, each scoped to the caller's account. */
export const messageRoutes = endpointRoutes(list, send, exportCsv);

/** Conversations over the account's texts, and their media; mounted under /api. */
export const conversationRoutes = endpointRoutes(conversations, thread, markRead, unread, senders, media);
