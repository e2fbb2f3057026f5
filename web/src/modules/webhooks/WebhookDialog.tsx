import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { webhookEventGroups } from "@poundline/contracts/webhooks/events";
import { createWebhookBodySchema, WEBHOOK_LIMITS } from "@poundline/contracts/webhooks/schemas";
import { isRefusal } from "../../api/errors";
import type { CreateWebhookInput, Webhook } from "../../api/webhooks";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toast, toastError } from "../../ui/toast";
import { useWebhookMutation, useWebhooksApi } from "./hooks";

interface WebhookValues extends Record<string, unknown> {
  url: string;
  description: string;
  eventTypes: string[];
}

/** Adds a webhook, or changes one (`webhook`): its address, description and events, grouped. */
export function WebhookDialog({ webhook, onClose }: { webhook?: Webhook; onClose: () => void }) {
  useReturnFocus();
  const api = useWebhooksApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: createWebhookBodySchema,
    initialValues: {
      url: webhook?.url ?? "",
      description: webhook?.description ?? "",
      eventTypes: webhook?.eventTypes ?? [],
    } as WebhookValues,
  });
  const save = useWebhookMutation((body: CreateWebhookInput) =>
    webhook ? api.update(webhook.id, body) : api.create(body),
  );

  const submit = onSubmit((body) => {
    save.mutate(body, {
      onSuccess: () => {
        toast({ title: webhook ? "Webhook Saved" : "Webhook Added", description: body.url });
        onClose();
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Webhook Not Saved", error);
      },
    });
  });

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={webhook ? "Edit Webhook" : "Add Webhook"}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Endpoint URL"
            placeholder="https://example.com/poundline"
            required
            maxLength={WEBHOOK_LIMITS.url}
            data-autofocus
            {...form.getInputProps("url")}
          />
          <Textarea
            label="Description"
            maxLength={WEBHOOK_LIMITS.description}
            autosize
            minRows={1}
            {...form.getInputProps("description")}
          />
          <Checkbox.Group label="Events" required {...form.getInputProps("eventTypes")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {Object.entries(webhookEventGroups).map(([group, types]) => (
                <Stack key={group} gap={6}>
                  <Text size="sm" fw={600}>
                    {group}
                  </Text>
                  {types.map((type) => (
                    <Checkbox key={type} value={type} label={type} />
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {webhook ? "Save Webhook" : "Add Webhook"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
