import { Select, SimpleGrid, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { regionsOf } from "@poundline/contracts/auth/schemas";
import { countries } from "@poundline/db/enums";
import type { ReactNode } from "react";

export type Country = (typeof countries)[number];
const countryNames: Record<Country, string> = { US: "United States", CA: "Canada" };
const countryOptions = countries.map((code) => ({ value: code, label: countryNames[code] }));

/** The country picked, or null when it is no change (the state list then stays). */
export function countryChange(value: string | null, current: Country): Country | null {
  const country = countries.find((code) => code === value);
  return country && country !== current ? country : null;
}

interface E911AddressFieldsProps {
  /** The form's props of each text field (names differ between registration and settings). */
  inputs: Record<"line1" | "line2" | "city" | "postalCode", GetInputPropsReturnType>;
  country: Country;
  region: string;
  regionError?: ReactNode;
  countryError?: ReactNode;
  onRegionChange: (region: string) => void;
  /** A new country: the caller clears the state, which belongs to the other country's list. */
  onCountryChange: (value: string | null) => void;
  disabled?: boolean;
}

/**
 * The E911 address (registration, company settings): the emergency services locate calls by it,
 * so the state or province is picked from the country's list.
 */
export function E911AddressFields({
  inputs,
  country,
  region,
  regionError,
  countryError,
  onRegionChange,
  onCountryChange,
  disabled = false,
}: E911AddressFieldsProps) {
  const regionLabel = country === "CA" ? "Province" : "State";
  return (
    <>
      <TextInput label="Address Line 1" required autoComplete="address-line1" {...inputs.line1} />
      <TextInput label="Address Line 2 (optional)" autoComplete="address-line2" {...inputs.line2} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="City" required autoComplete="address-level2" {...inputs.city} />
        <Select
          label={regionLabel}
          required
          searchable
          data={[...regionsOf(country)]}
          value={region || null}
          onChange={(value) => onRegionChange(value ?? "")}
          error={regionError}
          disabled={disabled}
          nothingFoundMessage={`No ${regionLabel.toLowerCase()} found`}
        />
        <TextInput label="ZIP / Postal Code" required autoComplete="postal-code" {...inputs.postalCode} />
        <Select
          label="Country"
          required
          allowDeselect={false}
          data={countryOptions}
          value={country}
          onChange={onCountryChange}
          error={countryError}
          disabled={disabled}
        />
      </SimpleGrid>
    </>
  );
}
