import { Select, TextInput } from "@mantine/core";
import { CANADIAN_PROVINCES, US_STATES } from "@poundline/contracts/geo-routing/schemas";
import type { LocationType } from "./labels";

interface Props {
  type: LocationType;
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string | undefined;
  hideLabel?: boolean;
}

/** The value picker of a location type: 50 US states, 13 Canadian codes, area codes, an ISO country. */
export function LocationValueInput({ type, value, onChange, label, error, hideLabel }: Props) {
  const common = {
    label: hideLabel ? undefined : label,
    "aria-label": label,
    error,
  };
  if (type === "state" || type === "province")
    return (
      <Select
        {...common}
        placeholder={type === "state" ? "Select a state" : "Select a province"}
        data={[...(type === "state" ? US_STATES : CANADIAN_PROVINCES)]}
        value={value || null}
        onChange={(v) => onChange(v ?? "")}
        searchable
      />
    );
  return (
    <TextInput
      {...common}
      placeholder={type === "areaCode" ? "e.g. 407, 321, 689" : "e.g. US"}
      description={
        hideLabel
          ? undefined
          : type === "areaCode"
            ? "Comma-separated area codes"
            : "2-letter ISO country code"
      }
      maxLength={type === "country" ? 2 : undefined}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
