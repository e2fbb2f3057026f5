import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { CALL_LIMITS, updateDispositionsBodySchema } from "@poundline/contracts/calls/schemas";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import { useCan } from "../../app/session";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { useTagChoices, useUpdateDispositions } from "./hooks";

interface DispositionValues extends Record<string, unknown> {
  dispositions: string[];
}

/** "Call Dispositions" for owners and admins (calls.dispositions): a button and its dialog. */
export function DispositionsButton() {
  const canEdit = useCan("calls.dispositions");
  const [opened, setOpened] = useState(false);
  if (!canEdit) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Call Dispositions
      </Button>
      <Modal
        closeButtonProps={{ "aria-label": "Close dialog" }}
        opened={opened}
        onClose={() => setOpened(false)}
        title="Call Dispositions"
      >
        {opened ? <DispositionsForm onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function DispositionsForm({ onDone }: { onDone: () => void }) {
  const current = useTagChoices(true).dispositions;
  // The form starts from the list once it has loaded (the dialog mounts it afresh each time).
  if (current.length === 0) return <Text size="sm">Loading dispositions...</Text>;
  return <DispositionsList initial={current} onDone={onDone} />;
}

function DispositionsList({ initial, onDone }: { initial: string[]; onDone: () => void }) {
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: updateDispositionsBodySchema,
    initialValues: { dispositions: initial } as DispositionValues,
  });
  const save = useUpdateDispositions();
  const items = form.values.dispositions;
  const submit = onSubmit((body) =>
    save.mutate(body.dispositions, {
      onSuccess: () => {
        toast({ title: "Dispositions Saved" });
        onDone();
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Dispositions Not Saved", error);
      },
    }),
  );
  return (
    <form onSubmit={submit} aria-label="Call dispositions" noValidate>
      <Stack gap="xs">
        {items.map((_, index) => (
          <DispositionRow
            key={form.key(`dispositions.${index}`)}
            form={form}
            index={index}
            count={items.length}
          />
        ))}
        {typeof form.errors.dispositions === "string" ? (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.dispositions}
          </Text>
        ) : null}
        <Group justify="space-between" mt="sm">
          <Button
            variant="default"
            onClick={() => form.insertListItem("dispositions", "")}
            disabled={items.length >= CALL_LIMITS.dispositions}
          >
            Add Disposition
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Dispositions
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type DispositionForm = ReturnType<
  typeof useSchemaForm<DispositionValues, typeof updateDispositionsBodySchema>
>["form"];

function DispositionRow({ form, index, count }: { form: DispositionForm; index: number; count: number }) {
  const name = form.values.dispositions[index] || `disposition ${index + 1}`;
  return (
    <Group gap={4} align="start" wrap="nowrap">
      <TextInput
        aria-label={`Disposition ${index + 1}`}
        style={{ flex: 1 }}
        {...form.getInputProps(`dispositions.${index}`)}
      />
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => form.reorderListItem("dispositions", { from: index, to: index - 1 })}
      >
        <ArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => form.reorderListItem("dispositions", { from: index, to: index + 1 })}
      >
        <ArrowDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Remove ${name}`}
        onClick={() => form.removeListItem("dispositions", index)}
      >
        <Trash2 size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
