import { AppError } from "@poundline/contracts/errors";
import { CONVERSATION_NOT_FOUND_MESSAGE } from "@poundline/contracts/messages/conversation-schemas";

export const conversationNotFound = () => new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND_MESSAGE);
