import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { addBlockedCallerBodySchema } from "@poundline/contracts/call-blocking/schemas";
import type { AddBlockedCallerInput, BlockedCaller, BlockingRules } from "../../api/call-blocking";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { DataTable } from "../../ui/DataTable";
import { LoadError } from "../../ui/QueryState";
import { toast, toastError } from "../../ui/toast";
import { useCallBlocking, useCallBlockingApi, useCallBlockingMutation } from "./hooks";

const ACTIONS = [
  { value: "reject", label: "Reject the call" },
  { value: "voicemail", label: "Send to voicemail" },
  { value: "screen", label: "Ask them to press 1" },
];
const SETTINGS = [{ value: "allow", label: "Let the call through" }, ...ACTIONS];

interface AddValues extends Record<string, unknown> {
  kind: "number" | "prefix";
  value: string;
  note: string;
}

function RuleSelects({ rules }: { rules: BlockingRules }) {
  const api = useCallBlockingApi();
  const save = useCallBlockingMutation((next: BlockingRules) => api.updateRules(next));
  const change = (key: keyof BlockingRules) => (value: string | null) => {
    if (!value) return;
    save.mutate({ ...rules, [key]: value } as BlockingRules, {
      onSuccess: () => toast({ title: "Rules Saved", description: "The next call follows them." }),
      onError: (error) => toastError("Rules Not Saved", error),
    });
  };
  return (
    <Group grow align="start">
      <Select
        label="Blocked numbers"
        data={ACTIONS}
        value={rules.list}
        onChange={change("list")}
        allowDeselect={false}
      />
      <Select
        label="Withheld callers"
        data={SETTINGS}
        value={rules.withheld}
        onChange={change("withheld")}
        allowDeselect={false}
      />
      <Select
        label="Callers whose caller ID failed verification"
        data={SETTINGS}
        value={rules.unverified}
        onChange={change("unverified")}
        allowDeselect={false}
      />
    </Group>
  );
}

function AddBlockedCaller() {
  const api = useCallBlockingApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: addBlockedCallerBodySchema,
    initialValues: { kind: "number", value: "", note: "" } as AddValues,
  });
  const add = useCallBlockingMutation((body: AddBlockedCallerInput) => api.add(body));
  const submit = onSubmit((body) => {
    add.mutate(body, {
      onSuccess: (entry) => {
        toast({ title: "Caller Blocked", description: `${entry.value} is blocked.` });
        form.reset();
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Not Blocked", error);
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Block a number or prefix">
      <Group align="end">
        <Select
          label="Block"
          data={[
            { value: "number", label: "A number" },
            { value: "prefix", label: "A prefix" },
          ]}
          allowDeselect={false}
          {...form.getInputProps("kind")}
        />
        <TextInput label="Number or prefix" placeholder="+1 900" required {...form.getInputProps("value")} />
        <TextInput label="Note" {...form.getInputProps("note")} />
        <Button type="submit" loading={add.isPending}>
          Block
        </Button>
      </Group>
    </form>
  );
}

/** The account's blocked numbers and prefixes, and what blocked, withheld and unverified callers get. */
export function BlockedCallers() {
  const api = useCallBlockingApi();
  const blocking = useCallBlocking();
  const remove = useCallBlockingMutation((entry: BlockedCaller) => api.remove(entry.id));
  return (
    <Card withBorder padding="md">
      <Stack>
        <Stack gap={4}>
          <Title order={2} size="h3">
            Blocked Numbers
          </Title>
          <Text size="sm" c="dimmed">
            Rejected calls are never answered and cost nothing; they show as blocked in call history.
          </Text>
        </Stack>
        {blocking.isError ? (
          <LoadError
            title="Error loading blocked numbers"
            message={blocking.error.message}
            onRetry={() => blocking.refetch()}
            retrying={blocking.isFetching}
          />
        ) : null}
        {blocking.data ? <RuleSelects rules={blocking.data.rules} /> : null}
        <AddBlockedCaller />
        <DataTable<BlockedCaller>
          aria-label="Blocked numbers"
          records={blocking.data?.entries ?? []}
          fetching={blocking.isPending}
          noRecordsText="Nobody is blocked."
          minHeight={150}
          columns={[
            { accessor: "value", title: "Number or prefix" },
            { accessor: "kind", title: "Kind" },
            { accessor: "note", title: "Note" },
            {
              accessor: "actions",
              title: "Actions",
              textAlign: "right",
              render: (entry) => (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  c="red.9"
                  aria-label={`Unblock ${entry.value}`}
                  onClick={() =>
                    remove.mutate(entry, { onError: (error) => toastError("Not Unblocked", error) })
                  }
                >
                  Unblock
                </Button>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
