import {
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { API_KEY_NAME_MAX, createApiKeyBodySchema } from "@poundline/contracts/api-keys/schemas";
import { type ApiScope, apiContexts } from "@poundline/contracts/api-keys/scopes";
import { useState } from "react";
import type { CreateApiKeyInput, CreatedApiKey } from "../../api/api-keys";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toastError } from "../../ui/toast";
import { useApiKeyMutation, useApiKeysApi } from "./hooks";

const DAY_MS = 24 * 3600 * 1000;

const expiries = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
];

interface Values extends Record<string, unknown> {
  name: string;
  scopes: ApiScope[];
  expiry: string;
}

const contextLabels: Record<(typeof apiContexts)[number], string> = {
  calls: "Calls",
  messages: "Messages",
  contacts: "Contacts",
  numbers: "Numbers",
  routing: "Routing and IVR",
  voicemails: "Voicemails",
  recordings: "Recordings",
  webhooks: "Webhooks",
};

/** The body the form makes: the expiry chosen as a date from now. */
function toBody({ name, scopes, expiry }: Values) {
  return {
    name,
    scopes,
    expiresAt: expiry === "never" ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString(),
  };
}

/** Names a key, picks its scopes and expiry; once made, shows the whole key this one time. */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const api = useApiKeysApi();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: createApiKeyBodySchema,
    initialValues: { name: "", scopes: [], expiry: "never" } as Values,
    toBody,
  });
  const create = useApiKeyMutation((body: CreateApiKeyInput) => api.create(body));

  const submit = onSubmit((body) => {
    create.mutate(
      { ...body, expiresAt: body.expiresAt?.toISOString() ?? null },
      {
        onSuccess: setCreated,
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Key Not Created", error);
        },
      },
    );
  });

  if (created) return <ShownOnce created={created} onClose={onClose} />;
  const scopes = form.getValues().scopes;
  const toggle = (scope: ApiScope, checked: boolean) =>
    form.setFieldValue("scopes", checked ? [...scopes, scope] : scopes.filter((s) => s !== scope));

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title="Create API Key"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            description="What the key is for, e.g. CRM sync"
            required
            maxLength={API_KEY_NAME_MAX}
            data-autofocus
            {...form.getInputProps("name")}
          />
          <Table aria-label="Scopes" withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Scope</Table.Th>
                <Table.Th>Read</Table.Th>
                <Table.Th>Write</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {apiContexts.map((context) => (
                <Table.Tr key={context}>
                  <Table.Td>{contextLabels[context]}</Table.Td>
                  {(["read", "write"] as const).map((access) => {
                    const scope: ApiScope = `${context}:${access}`;
                    return (
                      <Table.Td key={access}>
                        <Checkbox
                          aria-label={`${contextLabels[context]}: ${access}`}
                          checked={scopes.includes(scope)}
                          onChange={(event) => toggle(scope, event.currentTarget.checked)}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {form.errors.scopes ? (
            <Text size="sm" c="red.9" role="alert">
              {form.errors.scopes}
            </Text>
          ) : null}
          <Select label="Expires" data={expiries} allowDeselect={false} {...form.getInputProps("expiry")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ShownOnce({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title="Your New API Key"
    >
      <Stack>
        <Text size="sm">
          Copy <strong>{created.key.name}</strong> now: it is shown only this once. Send it as{" "}
          <Code>Authorization: Bearer &lt;key&gt;</Code>.
        </Text>
        <Code block data-testid="new-api-key">
          {created.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? "Copied" : "Copy Key"}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
