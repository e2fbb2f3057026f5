import { LOCATION_TYPE_LABELS } from "@poundline/contracts/geo-routing/schemas";
import type { GeoRuleBody } from "../../api/geo-routing";

export { LOCATION_TYPE_LABELS };

export type LocationType = GeoRuleBody["locationType"];

/** A rule staged in the editor: `key` keeps its row across drags and edits. */
export interface DraftRule {
  key: string;
  locationType: LocationType;
  locationValue: string;
  targetAccountId: string;
  ivrMenuId: string | null;
}

let keys = 0;
export const draftKey = () => `rule-${++keys}`;

export const toBody = (rules: readonly DraftRule[]): GeoRuleBody[] =>
  rules.map(({ locationType, locationValue, targetAccountId, ivrMenuId }) => ({
    locationType,
    locationValue,
    targetAccountId,
    ivrMenuId,
  }));

export function describeRule(rule: Pick<DraftRule, "locationType" | "locationValue">): string {
  return `${LOCATION_TYPE_LABELS[rule.locationType]} ${rule.locationValue}`;
}
