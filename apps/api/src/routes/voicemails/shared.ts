import { AppError } from "@poundline/contracts/errors";
import { VOICEMAIL_NOT_FOUND_MESSAGE } from "@poundline/contracts/voicemails/schemas";

export const voicemailNotFound = () => new AppError("NOT_FOUND", VOICEMAIL_NOT_FOUND_MESSAGE);
