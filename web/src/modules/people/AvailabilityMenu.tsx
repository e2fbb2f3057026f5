import { Menu, VisuallyHidden } from "@mantine/core";
import { availabilityLabels } from "@poundline/contracts/people/schemas";
import { Check } from "lucide-react";
import type { Availability } from "../../api/people";
import { toast, toastError } from "../../ui/toast";
import { useMyAvailability, useSetAvailability } from "./hooks";

/** The colour of each availability: on the avatar's dot and beside each choice. */
export const availabilityColors: Record<Availability, string> = {
  available: "green",
  do_not_disturb: "red",
  away: "yellow",
};

/** The user menu's availability section: ring groups skip a member who is not Available. */
export function AvailabilityMenu() {
  const current = useMyAvailability().data?.availability;
  // The menu closes on click: the toasts go with the mutation, which outlives it.
  const save = useSetAvailability({
    onSuccess: (availability) =>
      toast({ title: "Availability Updated", description: availabilityLabels[availability] }),
    onError: (err) => toastError("Update Failed", err),
  });
  const choose = (availability: Availability) => save.mutate(availability);
  return (
    <>
      <Menu.Label>Availability</Menu.Label>
      {(Object.entries(availabilityLabels) as [Availability, string][]).map(([value, label]) => (
        <Menu.Item
          key={value}
          onClick={() => choose(value)}
          disabled={save.isPending}
          leftSection={<Check size={16} aria-hidden opacity={current === value ? 1 : 0} />}
          rightSection={
            <span aria-hidden style={{ color: `var(--mantine-color-${availabilityColors[value]}-7)` }}>
              ●
            </span>
          }
        >
          {label}
          {/* Mantine's items are menuitems (it sets the role): the current choice is said in words. */}
          {current === value && <VisuallyHidden> (current)</VisuallyHidden>}
        </Menu.Item>
      ))}
    </>
  );
}
