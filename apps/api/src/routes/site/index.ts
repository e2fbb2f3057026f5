import { endpointRoutes } from "../../http/contract-route";
import { config } from "./config";
import { contact } from "./contact";
import { content } from "./content";
import { faq } from "./faq";
import { featureRequest } from "./feature-request";
import { phoneNumberRequest } from "./phone-number-request";

/** The public site's API, mounted under /api: settings, editable texts, FAQ and the public forms. */
export const siteRoutes = endpointRoutes(config, content, faq, contact, featureRequest, phoneNumberRequest);
