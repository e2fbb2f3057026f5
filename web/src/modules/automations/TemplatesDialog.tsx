import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { AUTOMATION_LIMITS, templateBodyInputSchema } from "@poundline/contracts/automations/schemas";
import type { TextTemplate } from "../../api/automations";
import { isRefusal } from "../../api/errors";
import { useCan } from "../../app/session";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { DataTable } from "../../ui/DataTable";
import { toast, toastError } from "../../ui/toast";
import { useAutomationMutation, useAutomationsApi, useTextTemplates } from "./hooks";

/** The account's saved texts: listed, added and deleted (owners and admins), with their variables. */
export function TemplatesDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const templates = useTextTemplates();
  const canEdit = useCan("templates.edit");
  const api = useAutomationsApi();
  const remove = useAutomationMutation((id: string) => api.deleteTemplate(id));
  const variables = templates.data?.variables ?? [];
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      size="lg"
      title="Text templates"
    >
      <Stack>
        <DataTable<TextTemplate>
          minHeight={120}
          noRecordsText="No templates yet"
          records={templates.data?.templates ?? []}
          fetching={templates.isPending}
          columns={[
            { accessor: "name", title: "Name" },
            { accessor: "body", title: "Text" },
            {
              accessor: "actions",
              title: "Actions",
              textAlign: "right",
              render: (template) =>
                canEdit ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Delete the template ${template.name}`}
                    onClick={() => remove.mutate(template.id)}
                  >
                    Delete
                  </Button>
                ) : null,
            },
          ]}
        />
        <Text size="xs" c="dimmed">
          Variables: {variables.map((v) => `{${v.name}} (${v.description.toLowerCase()})`).join(", ")}.
        </Text>
        {canEdit ? <NewTemplateForm /> : null}
      </Stack>
    </Modal>
  );
}

function NewTemplateForm() {
  const api = useAutomationsApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: templateBodyInputSchema,
    initialValues: { name: "", body: "" },
  });
  const create = useAutomationMutation((body: { name: string; body: string }) => api.createTemplate(body));
  const submit = onSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: "Template Saved", description: `${body.name} is ready to insert.` });
        form.reset();
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        else toastError("Save Error", error);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="New template">
      <Stack gap="xs">
        <TextInput label="Template name" maxLength={AUTOMATION_LIMITS.name} {...form.getInputProps("name")} />
        <Textarea label="Template text" autosize minRows={2} {...form.getInputProps("body")} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Add template
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
