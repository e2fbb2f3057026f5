import { Text } from "@mantine/core";
import type { CallLog } from "../../api/calls";

const typeLabels: Record<string, string> = {
  state: "US State",
  province: "Canadian Province",
  areaCode: "Area Code",
  country: "Country",
};

type Route = NonNullable<CallLog["route"]>;

export function describeLocation(location: Route["location"]): string {
  if (!location) return "caller location unknown";
  const where = [location.regions.join("/"), location.country].filter(Boolean).join(", ");
  const extras = [
    location.areaCode ? `area code ${location.areaCode}` : null,
    location.postalCode ? `postal code ${location.postalCode}` : null,
  ].filter(Boolean);
  if (!where && extras.length === 0) return "caller location unknown";
  return `caller in ${where || "an unknown place"}${extras.length ? ` (${extras.join(", ")})` : ""}`;
}

/** Why a call to a shared pound-code number went where it did: the rule (or the default) and the location used. */
export function RouteNote({ route }: { route: Route }) {
  const rule = route.rule
    ? `rule ${route.rule.priority}: ${typeLabels[route.rule.locationType] ?? route.rule.locationType} ${route.rule.locationValue}`
    : "no rule matched: default licensee";
  return (
    <Text size="xs" c="dimmed" data-testid="call-route">
      {route.poundCode ?? "Shared number"} · {rule} · {describeLocation(route.location)}
    </Text>
  );
}
