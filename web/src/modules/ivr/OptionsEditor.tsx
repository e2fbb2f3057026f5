import { ActionIcon, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IVR_LIMITS } from "@poundline/contracts/ivr/schemas";
import { Plus, Trash2 } from "lucide-react";
import { destinationKind, KEYS, nextFreeKey, OPTION_ACTION_LABELS, selectData } from "./labels";
import type { Choices, MenuForm, MenuFormValues } from "./MenuEditor";

type OptionAction = MenuFormValues["options"][number]["action"];

/** The Menu Options tab: one option per key, its action and what the action names. */
export function OptionsEditor({ form, choices }: { form: MenuForm; choices: Choices }) {
  const options = form.getValues().options;
  const free = nextFreeKey(options.map((o) => o.keyPress));

  const add = () => {
    if (!free) return;
    form.insertListItem("options", { keyPress: free, action: "repeat", destination: null, description: "" });
  };

  return (
    <Stack>
      {options.length === 0 && (
        <Text c="dimmed">No options yet: callers hear the greeting, then the timeout action.</Text>
      )}
      {options.map((option, index) => (
        // Keyed by position: two rows may briefly share a key while the person edits them.
        // biome-ignore lint/suspicious/noArrayIndexKey: the form's list has no other identity.
        <Card withBorder key={index} padding="sm" aria-label={`Option ${index + 1}`} component="fieldset">
          <Group align="flex-start" wrap="wrap">
            <Select
              label={`Option ${index + 1} key`}
              data={[...KEYS]}
              allowDeselect={false}
              w={110}
              {...form.getInputProps(`options.${index}.keyPress`)}
            />
            <Select
              label={`Option ${index + 1} action`}
              data={selectData(OPTION_ACTION_LABELS)}
              allowDeselect={false}
              w={220}
              {...form.getInputProps(`options.${index}.action`)}
              onChange={(value) => {
                // Seed 001: changing an option's action clears its destination.
                form.setFieldValue(`options.${index}.action`, value as OptionAction);
                form.setFieldValue(`options.${index}.destination`, null);
              }}
            />
            <OptionDestination form={form} choices={choices} index={index} action={option.action} />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove option ${index + 1}`}
              onClick={() => form.removeListItem("options", index)}
            >
              <Trash2 size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <TextInput
            mt="xs"
            label={`Option ${index + 1} description`}
            maxLength={IVR_LIMITS.description}
            {...form.getInputProps(`options.${index}.description`)}
          />
        </Card>
      ))}
      {typeof form.errors.options === "string" && (
        <Text c="red" size="sm">
          {form.errors.options}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<Plus size={16} aria-hidden />}
          onClick={add}
          disabled={!free || options.length >= IVR_LIMITS.options}
        >
          Add Option
        </Button>
      </Group>
    </Stack>
  );
}

function OptionDestination({
  form,
  choices,
  index,
  action,
}: {
  form: MenuForm;
  choices: Choices;
  index: number;
  action: OptionAction;
}) {
  const path = `options.${index}.destination`;
  const label = `Option ${index + 1} destination`;
  switch (destinationKind(action)) {
    case "menu":
      return <Select label={label} data={choices.menus} w={240} {...form.getInputProps(path)} />;
    case "extension":
      return <Select label={label} data={choices.extensions} w={240} {...form.getInputProps(path)} />;
    case "optional-extension":
      return (
        <Select
          label={label}
          placeholder="The number's voicemail"
          clearable
          data={choices.extensions}
          w={240}
          {...form.getInputProps(path)}
        />
      );
    case "text":
      return (
        <Textarea
          label={`Option ${index + 1} message`}
          autosize
          w={300}
          maxLength={IVR_LIMITS.message}
          {...form.getInputProps(path)}
          value={form.getValues().options[index]?.destination ?? ""}
        />
      );
    default:
      return null;
  }
}
