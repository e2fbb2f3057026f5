import { endpointRoutes } from "../../http/contract-route";
import { allScheduledTexts } from "./all-scheduled-texts";
import { cancelScheduledText } from "./cancel-scheduled-text";
import { createTemplate } from "./create-template";
import { deleteTemplate } from "./delete-template";
import { numberAutomations } from "./number-automations";
import { saveNumberAutomations } from "./save-number-automations";
import { scheduleText } from "./schedule-text";
import { scheduledTexts } from "./scheduled-texts";
import { templates } from "./templates";
import { updateTemplate } from "./update-template";

/** Automations, mounted under /api: a number's automated texts, text templates, scheduled texts. */
export const automationRoutes = endpointRoutes(
  numberAutomations,
  saveNumberAutomations,
  templates,
  createTemplate,
  updateTemplate,
  deleteTemplate,
  scheduledTexts,
  allScheduledTexts,
  scheduleText,
  cancelScheduledText,
);
