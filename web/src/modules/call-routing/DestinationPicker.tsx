import { Group, MultiSelect, Select, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { DESTINATION_LABELS } from "@poundline/contracts/call-routing/schemas";
import { availabilityLabels } from "@poundline/contracts/people/schemas";
import type { CallRouting } from "../../api/call-routing";
import { usePeople } from "../people/hooks";

type RouteType = keyof typeof DESTINATION_LABELS;

interface DestinationPickerProps {
  // biome-ignore lint/suspicious/noExplicitAny: the picker edits one nested path of any routing form.
  form: UseFormReturnType<any>;
  /** The form path of the destination, e.g. "businessHoursDestination" or "holidays.0.destination". */
  path: string;
  label: string;
  options: Pick<CallRouting, "menus" | "extensions">;
  /** Holidays cannot ring a group. */
  withRingGroup?: boolean;
}

/** Where calls go: the kind of destination, then the menu, extension(s) and people, or number it names. */
export function DestinationPicker({
  form,
  path,
  label,
  options,
  withRingGroup = true,
}: DestinationPickerProps) {
  const type = form.getInputProps(`${path}.type`).value as RouteType;
  const types = (Object.entries(DESTINATION_LABELS) as [RouteType, string][])
    .filter(([value]) => withRingGroup || value !== "ring_group")
    .map(([value, text]) => ({ value, label: text }));
  const extensions = options.extensions.map((e) => ({
    value: e.id,
    label: `${e.extensionNumber} ${e.name}`,
  }));
  // A ring group rings people too: each at their forwarding phone, when available and at work.
  const people = (usePeople().data?.members ?? []).map((m) => ({
    value: m.userId,
    label: m.availability === "available" ? m.name : `${m.name} (${availabilityLabels[m.availability]})`,
  }));
  return (
    <Group align="flex-start" grow>
      <Select
        label={label}
        data={types}
        allowDeselect={false}
        {...form.getInputProps(`${path}.type`)}
        onChange={(value) => {
          // A change of kind clears what the old kind named.
          form.setFieldValue(`${path}.type`, value);
          form.setFieldValue(`${path}.target`, "");
          form.setFieldValue(`${path}.ringGroup`, []);
        }}
      />
      {type === "ivr_menu" && (
        <Select
          label={`${label}: IVR menu`}
          data={options.menus.map((m) => ({ value: m.id, label: m.name }))}
          {...form.getInputProps(`${path}.target`)}
        />
      )}
      {type === "extension" && (
        <Select label={`${label}: extension`} data={extensions} {...form.getInputProps(`${path}.target`)} />
      )}
      {type === "ring_group" && (
        <MultiSelect
          label={`${label}: extensions and people rung`}
          data={[
            { group: "Extensions", items: extensions },
            { group: "People", items: people },
          ]}
          searchable
          {...form.getInputProps(`${path}.ringGroup`)}
        />
      )}
      {type === "forward" && (
        <TextInput
          label={`${label}: number`}
          type="tel"
          placeholder="+15551234567"
          {...form.getInputProps(`${path}.target`)}
        />
      )}
    </Group>
  );
}
