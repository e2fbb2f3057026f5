import { automationMessages } from "@poundline/contracts/automations/schemas";
import { AppError } from "@poundline/contracts/errors";

export const numberNotFound = () => new AppError("NOT_FOUND", automationMessages.numberNotFound);
export const templateNotFound = () => new AppError("NOT_FOUND", automationMessages.templateNotFound);
export const scheduledTextNotFound = () =>
  new AppError("NOT_FOUND", automationMessages.scheduledTextNotFound);
export const templateNameTaken = () =>
  new AppError("CONFLICT", automationMessages.nameTaken, { "body.name": [automationMessages.nameTaken] });
