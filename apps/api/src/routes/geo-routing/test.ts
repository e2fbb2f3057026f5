import { AppError } from "@poundline/contracts/errors";
import { geoRoutingEndpoints } from "@poundline/contracts/geo-routing/endpoints";
import { canadianProvinces, usStates } from "@poundline/db/enums";
import { type CallerProbe, toE164 } from "@poundline/domain";
import { probeDraft } from "@poundline/modules/geo-routing/probe";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { draftContext, sharedNumberNotFound } from "./shared";

const states = new Set<string>(usStates);
const provinces = new Set<string>(canadianProvinces);

const REGION_MESSAGE = "Enter one of the 50 US state codes or the 13 Canadian province and territory codes.";
const POSTAL_MESSAGE = "Enter a US ZIP code (12345) or a Canadian postal code (K1A 0B1).";

function readProbe(caller: { kind: CallerProbe["kind"]; value: string }): CallerProbe {
  switch (caller.kind) {
    case "number":
      // As a person types it; a withheld caller ("anonymous") stays as it is.
      return { kind: "number", value: toE164(caller.value) ?? caller.value };
    case "region": {
      const value = caller.value.toUpperCase();
      if (states.has(value)) return { kind: "region", value, country: "US" };
      if (provinces.has(value)) return { kind: "region", value, country: "CA" };
      throw new AppError("BAD_REQUEST", REGION_MESSAGE, { "body.caller.value": [REGION_MESSAGE] });
    }
    case "postalCode":
      return { kind: "postalCode", value: caller.value };
  }
}

/** Test a caller against the draft rules: the rule, the licensee and the first TwiML verb. */
export const test = handle(geoRoutingEndpoints.test, async (request) => {
  const { account } = requireAccount(request);
  const { routing, clock, carrier } = request.server.deps;
  const { rules, caller, askLocation } = request.body;
  const { number, clientIds } = await draftContext(account.id, request.params.id, rules, request);
  const probe = readProbe(caller);
  const answer = probeDraft(
    routing.current(),
    number,
    rules,
    clientIds,
    probe,
    clock(),
    {
      baseUrl: carrier.webhookBaseUrl,
      carrierTranscription: carrier.carrierTranscription,
    },
    askLocation,
  );
  if (answer.kind === "unlocated")
    throw new AppError("BAD_REQUEST", POSTAL_MESSAGE, { "body.caller.value": [POSTAL_MESSAGE] });
  if (answer.kind === "not_routed") throw sharedNumberNotFound();
  return answer.result;
});
