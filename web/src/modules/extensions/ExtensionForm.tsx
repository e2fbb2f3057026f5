import {
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { createExtensionBodySchema, EXTENSION_LIMITS } from "@poundline/contracts/extensions/schemas";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { Extension } from "../../api/extensions";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toast, toastError } from "../../ui/toast";
import { ExtensionGreeting } from "../greetings/OwnedGreeting";
import { useExtensionMutation, useExtensionsApi } from "./hooks";

interface ExtensionFormValues extends Record<string, unknown> {
  extensionNumber: number | string;
  name: string;
  email: string;
  department: string;
  forwardingNumbers: string[];
  voicemailEnabled: boolean;
  callForwarding: boolean;
}

const valuesOf = (extension: Extension | null): ExtensionFormValues => ({
  extensionNumber: extension?.extensionNumber ?? "",
  name: extension?.name ?? "",
  email: extension?.email ?? "",
  department: extension?.department ?? "",
  forwardingNumbers: extension?.forwardingNumbers ?? [],
  voicemailEnabled: extension?.voicemailEnabled ?? true,
  callForwarding: extension?.callForwarding ?? false,
});

interface ExtensionFormProps {
  /** The extension edited, or null for a new one. */
  extension: Extension | null;
  onClose: () => void;
}

/** Create or edit an extension; its number (the id callers dial) is fixed once created (seed 001). */
export function ExtensionFormModal({ extension, onClose }: ExtensionFormProps) {
  useReturnFocus();
  const api = useExtensionsApi();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: createExtensionBodySchema,
    initialValues: valuesOf(extension),
  });
  const save = useExtensionMutation((body: ExtensionFormValues) =>
    extension
      ? api.update(extension.id, { ...body, extensionNumber: undefined })
      : api.create({ ...body, extensionNumber: Number(body.extensionNumber) }),
  );
  const remove = useExtensionMutation((id: string) => api.remove(id));

  const submit = onSubmit(
    () =>
      save.mutate(form.getValues(), {
        onSuccess: (saved) => {
          toast({ title: "Extension Saved", description: `${saved.extensionNumber} ${saved.name}` });
          onClose();
        },
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Save Error", error);
        },
      }),
    (errors) => toastError("Save Error", Object.values(errors)[0]),
  );

  const onDelete = () => {
    if (!extension) return;
    if (!confirmDelete) return setConfirmDelete(true);
    remove.mutate(extension.id, {
      onSuccess: () => {
        toast({ title: "Extension Deleted", description: `${extension.extensionNumber} ${extension.name}` });
        onClose();
      },
      onError: (error) => {
        setConfirmDelete(false);
        toastError("Delete Error", error);
      },
    });
  };

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={extension ? "Edit Extension" : "New Extension"}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Extension Number"
              withAsterisk
              min={EXTENSION_LIMITS.number.min}
              max={EXTENSION_LIMITS.number.max}
              allowDecimal={false}
              disabled={Boolean(extension)}
              description={extension ? "The extension number cannot be changed." : undefined}
              data-autofocus={extension ? undefined : true}
              {...form.getInputProps("extensionNumber")}
            />
            <TextInput label="Name" withAsterisk {...form.getInputProps("name")} />
            <TextInput label="Email" type="email" {...form.getInputProps("email")} />
            <TextInput label="Department" {...form.getInputProps("department")} />
          </SimpleGrid>
          <TagsInput
            label="Forwarding Numbers"
            description={`Up to ${EXTENSION_LIMITS.forwardingNumbers}: phone numbers (+15551234567), sip: addresses or client: names. Press Enter after each.`}
            maxTags={EXTENSION_LIMITS.forwardingNumbers}
            clearable
            {...form.getInputProps("forwardingNumbers")}
          />
          <Group>
            <Switch
              label="Voicemail Enabled"
              {...form.getInputProps("voicemailEnabled", { type: "checkbox" })}
            />
            <Switch label="Call Forwarding" {...form.getInputProps("callForwarding", { type: "checkbox" })} />
          </Group>
          {extension && extension.usedBy.length > 0 && (
            <Text size="sm" c="dimmed">
              Used by {extension.usedBy.join(", ")}.
            </Text>
          )}
          <Group justify="space-between">
            {extension ? (
              <Button
                color="red"
                variant={confirmDelete ? "filled" : "light"}
                onClick={onDelete}
                loading={remove.isPending}
              >
                {confirmDelete ? "Confirm Delete" : "Delete"}
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {extension ? "Save Changes" : "Create Extension"}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      {/* Saved on its own (a recording, a phone call), outside the extension's form. */}
      {extension && (
        <Stack mt="lg">
          <ExtensionGreeting extensionId={extension.id} name={extension.name} />
        </Stack>
      )}
    </Modal>
  );
}
