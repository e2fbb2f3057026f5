import { greetingEndpoints } from "@poundline/contracts/greetings/endpoints";
import { handle } from "../../http/contract-route";
import { extensionGreeting, setGreetingText } from "./shared";

export const setExtensionText = handle(greetingEndpoints.setExtensionText, (request) =>
  setGreetingText(request, extensionGreeting(request.params), request.body),
);
