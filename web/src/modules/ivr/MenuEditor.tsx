import {
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IVR_DEFAULTS, IVR_LIMITS, ivrMenuBodySchema } from "@poundline/contracts/ivr/schemas";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { IvrMenu, IvrMenuBody } from "../../api/ivr";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { useExtensions } from "../extensions/hooks";
import { GreetingEditor } from "../greetings/GreetingEditor";
import { GreetingVoice } from "./GreetingVoice";
import { useIvrApi, useIvrMutation, useRememberSavedMenu } from "./hooks";
import { MENU_ACTION_LABELS, selectData } from "./labels";
import { OptionsEditor } from "./OptionsEditor";

type MenuAction = IvrMenu["timeoutAction"];
type Option = IvrMenu["options"][number];

export interface MenuFormValues extends Record<string, unknown> {
  name: string;
  description: string;
  greetingType: IvrMenu["greetingType"];
  greetingTts: string;
  greetingVoice: string;
  greetingLanguage: string;
  timeoutSeconds: number | string;
  timeoutAction: MenuAction;
  timeoutActionDestination: string | null;
  invalidInputAction: MenuAction;
  invalidInputActionDestination: string | null;
  maxInvalidInputs: number | string;
  options: { keyPress: string; action: Option["action"]; destination: string | null; description: string }[];
}

export type MenuForm = UseFormReturnType<MenuFormValues>;

/** The form of a saved menu, or of a new one with seed 001's defaults. */
export const valuesOf = (menu: IvrMenu | null): MenuFormValues => ({
  name: menu?.name ?? "",
  description: menu?.description ?? "",
  greetingType: menu?.greetingType ?? IVR_DEFAULTS.greetingType,
  greetingTts: menu?.greetingTts ?? IVR_DEFAULTS.greetingTts,
  greetingVoice: menu?.greetingVoice ?? IVR_DEFAULTS.greetingVoice,
  greetingLanguage: menu?.greetingLanguage ?? IVR_DEFAULTS.greetingLanguage,
  timeoutSeconds: menu?.timeoutSeconds ?? IVR_DEFAULTS.timeoutSeconds,
  timeoutAction: menu?.timeoutAction ?? IVR_DEFAULTS.timeoutAction,
  timeoutActionDestination: menu?.timeoutActionDestination ?? null,
  invalidInputAction: menu?.invalidInputAction ?? "repeat",
  invalidInputActionDestination: menu?.invalidInputActionDestination ?? null,
  maxInvalidInputs: menu?.maxInvalidInputs ?? IVR_DEFAULTS.maxInvalidInputs,
  options: (menu?.options ?? []).map((o) => ({ ...o, description: o.description ?? "" })),
});

/** The tab that shows a field, so a refused save opens where its message is. */
const tabOf = (field: string) =>
  field.startsWith("options") ? "options" : field.startsWith("greeting") ? "prompts" : "general";

export interface Choices {
  /** Menus a destination may name: never the menu being edited (seed 001). */
  menus: { value: string; label: string }[];
  extensions: { value: string; label: string }[];
}

interface MenuEditorProps {
  /** The saved menu edited, or null for a new one. */
  menu: IvrMenu | null;
  allMenus: readonly IvrMenu[];
  onSaved: (menu: IvrMenu) => void;
  onDeleted: () => void;
  onCancel: () => void;
}

/** Seed 001's IVR editor: tabs General, Prompts and Menu Options; save, delete with a confirmation. */
export function MenuEditor({ menu, allMenus, onSaved, onDeleted, onCancel }: MenuEditorProps) {
  const api = useIvrApi();
  const [tab, setTab] = useState<string | null>("general");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const extensions = useExtensions("");
  const remember = useRememberSavedMenu();
  const { form, onSubmit } = useSchemaForm({ schema: ivrMenuBodySchema, initialValues: valuesOf(menu) });
  const save = useIvrMutation((body: IvrMenuBody) => (menu ? api.update(menu.id, body) : api.create(body)));
  const remove = useIvrMutation((id: string) => api.remove(id));

  const choices: Choices = {
    menus: allMenus.filter((m) => m.id !== menu?.id).map((m) => ({ value: m.id, label: m.name })),
    extensions: (extensions.data?.items ?? []).map((e) => ({
      value: e.id,
      label: `${e.extensionNumber} ${e.name}`,
    })),
  };

  const showErrors = (fields: Record<string, string | undefined>) => {
    const first = Object.keys(fields)[0];
    if (first) setTab(tabOf(first));
  };

  const submit = onSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: (saved) => {
          remember(saved);
          toast({ title: "Menu Saved", description: saved.name });
          onSaved(saved);
        },
        onError: (error) => {
          if (isRefusal(error)) {
            const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[0]]));
            form.setErrors(fields);
            showErrors(fields);
          }
          toastError("Save Error", error);
        },
      }),
    (errors) => {
      showErrors(errors);
      toastError("Save Error", Object.values(errors)[0]);
    },
  );

  const onDelete = () => {
    // Seed 001: deleting needs a saved, selected menu.
    if (!menu) {
      toastError("Cannot Delete", "Select a saved menu to delete.");
      return;
    }
    setConfirmDelete(true);
  };
  const deleteConfirmed = () => {
    if (!menu) return;
    remove.mutate(menu.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        toast({ title: "Menu Deleted", description: menu.name });
        onDeleted();
      },
      onError: (error) => {
        setConfirmDelete(false);
        toastError("Delete Error", error);
      },
    });
  };

  return (
    <Card withBorder component="section" aria-labelledby="ivr-editor-title">
      <form onSubmit={submit} noValidate aria-labelledby="ivr-editor-title">
        <Stack>
          <Title order={2} size="h3" id="ivr-editor-title">
            {menu ? `Edit ${menu.name}` : "New IVR Menu"}
          </Title>
          <Tabs value={tab} onChange={setTab} keepMounted>
            <Tabs.List>
              <Tabs.Tab value="general">General</Tabs.Tab>
              <Tabs.Tab value="prompts">Prompts</Tabs.Tab>
              <Tabs.Tab value="options">Menu Options</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="general" pt="md">
              <GeneralTab form={form} choices={choices} />
            </Tabs.Panel>
            <Tabs.Panel value="prompts" pt="md">
              <PromptsTab form={form} menu={menu} />
            </Tabs.Panel>
            <Tabs.Panel value="options" pt="md">
              <OptionsEditor form={form} choices={choices} />
            </Tabs.Panel>
          </Tabs>
          {menu && menu.usedBy.length > 0 && (
            <Text size="sm" c="dimmed">
              Used by {menu.usedBy.join(", ")}.
            </Text>
          )}
          <Group justify="space-between">
            <Button
              color="red.9"
              variant="outline"
              leftSection={<Trash2 size={16} aria-hidden />}
              onClick={onDelete}
            >
              Delete Menu
            </Button>
            <Group>
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save Menu
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete IVR Menu"
        closeButtonProps={{ "aria-label": "Close dialog" }}
      >
        <Stack>
          <Text>Delete the menu "{menu?.name}"? This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={deleteConfirmed} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function GeneralTab({ form, choices }: { form: MenuForm; choices: Choices }) {
  return (
    <Stack>
      <TextInput label="Menu Name" withAsterisk maxLength={IVR_LIMITS.name} {...form.getInputProps("name")} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={IVR_LIMITS.description}
        {...form.getInputProps("description")}
      />
      <NumberInput
        label="Timeout (seconds)"
        description={`How long to wait for a key: ${IVR_LIMITS.timeoutSeconds.min} to ${IVR_LIMITS.timeoutSeconds.max} seconds.`}
        min={IVR_LIMITS.timeoutSeconds.min}
        max={IVR_LIMITS.timeoutSeconds.max}
        allowDecimal={false}
        // Out of range is refused with the API's message, not silently changed.
        clampBehavior="none"
        {...form.getInputProps("timeoutSeconds")}
      />
      <MenuActionPicker form={form} choices={choices} field="timeoutAction" label="Timeout Action" />
      <MenuActionPicker
        form={form}
        choices={choices}
        field="invalidInputAction"
        label="Invalid Input Action"
      />
      <NumberInput
        label="Max Invalid Inputs"
        description={`Wrong keys allowed before the invalid-input action: ${IVR_LIMITS.maxInvalidInputs.min} to ${IVR_LIMITS.maxInvalidInputs.max}.`}
        min={IVR_LIMITS.maxInvalidInputs.min}
        max={IVR_LIMITS.maxInvalidInputs.max}
        allowDecimal={false}
        clampBehavior="none"
        {...form.getInputProps("maxInvalidInputs")}
      />
    </Stack>
  );
}

/** A menu-level action and, for another menu or a voicemail box, what it names. */
function MenuActionPicker({
  form,
  choices,
  field,
  label,
}: {
  form: MenuForm;
  choices: Choices;
  field: "timeoutAction" | "invalidInputAction";
  label: string;
}) {
  const destination = `${field}Destination` as const;
  const action = form.getValues()[field];
  return (
    <Group grow align="flex-start">
      <Select
        label={label}
        data={selectData(MENU_ACTION_LABELS)}
        allowDeselect={false}
        {...form.getInputProps(field)}
        onChange={(value) => {
          // A change of action clears what the old one named.
          form.setFieldValue(field, value as MenuAction);
          form.setFieldValue(destination, null);
        }}
      />
      {action === "ivr_menu" && (
        <Select label={`${label}: menu`} data={choices.menus} {...form.getInputProps(destination)} />
      )}
      {action === "voicemail" && (
        <Select
          label={`${label}: voicemail box`}
          placeholder="The number's voicemail"
          clearable
          data={choices.extensions}
          {...form.getInputProps(destination)}
        />
      )}
    </Group>
  );
}

function PromptsTab({ form, menu }: { form: MenuForm; menu: IvrMenu | null }) {
  const api = useIvrApi();
  const remember = useRememberSavedMenu();
  const upload = useIvrMutation(({ id, file }: { id: string; file: Blob }) => api.uploadGreeting(id, file));

  const onUpload = (file: Blob) => {
    if (!menu) return;
    upload.mutate(
      { id: menu.id, file },
      {
        onSuccess: (saved) => {
          remember(saved);
          form.setFieldValue("greetingType", "recording");
          toast({
            title: "Recording Uploaded",
            description: file instanceof File ? file.name : "Recorded in the browser",
          });
        },
        onError: (error) => toastError("Upload Error", error),
      },
    );
  };

  // The greeting editor numbers and extensions use: its text-to-speech tab is this form's fields,
  // its recordings (a file, the browser, a phone call) set the menu's recording.
  return (
    <GreetingEditor
      card={false}
      label="Greeting"
      current={menu?.greetingRecordingUrl ? { audioUrl: menu.greetingRecordingUrl, text: null } : null}
      initialSource={form.getValues().greetingType === "recording" ? "upload" : "tts"}
      onSourceChange={(source) => form.setFieldValue("greetingType", source === "tts" ? "tts" : "recording")}
      tts={
        <Stack>
          <Textarea
            label="Greeting Text"
            description="What the caller hears before choosing a key."
            autosize
            minRows={3}
            maxLength={IVR_LIMITS.greetingTts}
            {...form.getInputProps("greetingTts")}
          />
          <GreetingVoice form={form} />
        </Stack>
      }
      onUpload={onUpload}
      uploading={upload.isPending}
      error={form.errors.greetingType as string | undefined}
      phoneTarget={menu ? { type: "ivr_menu", menuId: menu.id } : null}
      {...(menu ? {} : { recordingDisabled: "Save the menu first, then record or upload its greeting." })}
    />
  );
}
