import type { GeoRuleInput } from "@poundline/contracts/geo-routing/schemas";
import { canadianProvinces, usStates } from "@poundline/db/enums";
import {
  type CallerProbe,
  type GeoRule,
  geoCoverage,
  locateProbe,
  nanpAreaCodes,
  probeSharedNumber,
  type RoutingTable,
  type TwimlOptions,
  withDraftRules,
} from "@poundline/domain";

/** Draft rules as the routing tables hold them: ids by place, priority = place + 1. */
export function draftRules(rules: readonly GeoRuleInput[]): GeoRule[] {
  return rules.map((rule, i) => ({ id: `draft-${i}`, ...rule, priority: i + 1 }));
}

const placeOf = (id: string) => Number(id.slice("draft-".length));

/** What the draft leaves uncovered and which of its rules can never match, by place in the list. */
export function draftCoverage(rules: readonly GeoRuleInput[], licensedAccountIds: readonly string[]) {
  const licensed = new Set(licensedAccountIds);
  // As the routing tables compile them: a rule to an unlicensed account is not there.
  const drafts = draftRules(rules).filter((r) => licensed.has(r.targetAccountId));
  const coverage = geoCoverage(drafts, {
    areaCodes: nanpAreaCodes,
    states: usStates,
    provinces: canadianProvinces,
  });
  return {
    states: coverage.states,
    provinces: coverage.provinces,
    areaCodes: coverage.areaCodes,
    shadowed: coverage.shadowed.map((s) => ({ index: placeOf(s.ruleId), takenBy: s.takenBy.map(placeOf) })),
  };
}

export type ProbeAnswer =
  | { kind: "answered"; result: ReturnType<typeof toJson> }
  | { kind: "unlocated" }
  | { kind: "not_routed" };

function toJson(result: ReturnType<typeof probeSharedNumber>, table: RoutingTable) {
  const account = result.accountId ? table.accounts.get(result.accountId) : undefined;
  return {
    location: { ...result.location, regions: [...result.location.regions] },
    ruleIndex: result.ruleId ? placeOf(result.ruleId) : null,
    licensee: account ? { id: account.id, companyName: account.companyName } : null,
    firstVerb: result.firstVerb,
    firstStep: result.firstStep,
    asksLocation: result.asksLocation,
    twiml: result.twiml,
  };
}

/**
 * The first answer a caller would get from the number with the draft rules in place: the routing
 * table this instance answers calls from, with the number's rules swapped for the draft, through
 * the incoming-call code itself.
 */
export function probeDraft(
  table: RoutingTable,
  shared: { id: string; e164: string },
  rules: readonly GeoRuleInput[],
  licensedAccountIds: readonly string[],
  probe: CallerProbe,
  now: Date,
  twiml: TwimlOptions,
  askLocation?: boolean,
): ProbeAnswer {
  const location = locateProbe(probe);
  if (!location) return { kind: "unlocated" };
  const draft = withDraftRules(table, shared.id, draftRules(rules), licensedAccountIds, askLocation);
  if (draft.byNumber.get(shared.e164)?.kind !== "shared") return { kind: "not_routed" };
  // A number as the caller's From: the one probed, else a withheld caller placed by the location given.
  const from = probe.kind === "number" ? probe.value : "anonymous";
  return {
    kind: "answered",
    result: toJson(probeSharedNumber(draft, shared.e164, from, location, now, twiml), draft),
  };
}
