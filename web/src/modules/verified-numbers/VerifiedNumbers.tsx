import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { VerifiedNumber } from "../../api/verified-numbers";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { DataTable } from "../../ui/DataTable";
import { formatPhone } from "../../ui/format";
import { LoadError } from "../../ui/QueryState";
import { useFormat } from "../../ui/time-zone";
import { toast, toastError } from "../../ui/toast";
import { AddVerifiedNumberDialog } from "./AddVerifiedNumberDialog";
import { ConfirmCodeDialog } from "./ConfirmCodeDialog";
import { useVerifiedNumberMutation, useVerifiedNumbers, useVerifiedNumbersApi } from "./hooks";

type Dialog = { kind: "none" } | { kind: "add" } | { kind: "code" | "delete"; number: VerifiedNumber };

function StatusBadge({ number }: { number: VerifiedNumber }) {
  return number.status === "verified" ? (
    <Badge color="green" c="dark.9" variant="light">
      Verified
    </Badge>
  ) : (
    <Badge color="yellow" c="dark.9" variant="light">
      Pending
    </Badge>
  );
}

/**
 * Numbers the account proved it answers (a code by text or call). On an unpaid trial they, and
 * the account's own numbers, are all it may call and text.
 */
export function VerifiedNumbers() {
  const api = useVerifiedNumbersApi();
  const list = useVerifiedNumbers();
  const { date } = useFormat();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const close = () => setDialog({ kind: "none" });
  const remove = useVerifiedNumberMutation((number: VerifiedNumber) => api.remove(number.id));

  function confirmDelete(number: VerifiedNumber) {
    remove.mutate(number, {
      onSuccess: () => {
        toast({
          title: "Number Deleted",
          description: `${formatPhone(number.e164)} is no longer verified.`,
        });
        close();
      },
      onError: (error) => toastError("Delete Error", error),
    });
  }

  return (
    <Card withBorder padding="md">
      <Stack>
        <Group justify="space-between" align="end">
          <Stack gap={4}>
            <Title order={2} size="h3">
              Verified Numbers
            </Title>
            <Text size="sm" c="dimmed">
              Numbers outside Poundline that you proved you answer, with a code sent by text or voice call.
            </Text>
          </Stack>
          <Button onClick={() => setDialog({ kind: "add" })}>Verify a Number</Button>
        </Group>

        {list.data?.unpaidTrial ? (
          <Alert
            color="blue"
            title="Free trial"
            role="status"
            styles={{ title: { color: "var(--mantine-color-blue-9)" } }}
          >
            <Text size="sm">
              During the free trial, calls and texts go only to your verified numbers and this account's own
              numbers, and buying a number needs a paid plan or a funded wallet.{" "}
              <Anchor component={Link} to="/dashboard/billing" size="sm" c="blue.9" underline="always">
                Subscribe or add funds on Billing &amp; Wallet
              </Anchor>{" "}
              to call anyone.
            </Text>
          </Alert>
        ) : null}

        {list.isError ? (
          <LoadError
            title="Error loading verified numbers"
            message={list.error.message}
            onRetry={() => list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.data && list.data.numbers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No verified numbers yet.
          </Text>
        ) : (
          <DataTable<VerifiedNumber>
            aria-label="Verified numbers"
            records={list.data?.numbers ?? []}
            fetching={list.isPending}
            minHeight={list.isPending ? 150 : undefined}
            columns={[
              { accessor: "e164", title: "Number", render: (n) => formatPhone(n.e164) },
              { accessor: "status", title: "Status", render: (n) => <StatusBadge number={n} /> },
              {
                accessor: "verifiedAt",
                title: "Verified",
                render: (n) => (n.verifiedAt ? date(n.verifiedAt) : "Not yet"),
              },
              {
                accessor: "actions",
                title: "Actions",
                textAlign: "right",
                render: (n) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {n.status === "pending" ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setDialog({ kind: "code", number: n })}
                        aria-label={`Enter the code for ${formatPhone(n.e164)}`}
                      >
                        Enter Code
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      c="red.9"
                      onClick={() => setDialog({ kind: "delete", number: n })}
                      aria-label={`Delete ${formatPhone(n.e164)}`}
                    >
                      Delete
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Stack>

      {dialog.kind === "add" ? (
        <AddVerifiedNumberDialog onClose={close} onSent={(number) => setDialog({ kind: "code", number })} />
      ) : null}
      {dialog.kind === "code" ? <ConfirmCodeDialog number={dialog.number} onClose={close} /> : null}
      {dialog.kind === "delete" ? (
        <ConfirmDialog
          title="Delete Number"
          message={
            <>
              Delete <strong>{formatPhone(dialog.number.e164)}</strong> from your verified numbers? During the
              free trial it can then no longer be called or texted.
            </>
          }
          confirmLabel="Delete Number"
          danger
          pending={remove.isPending}
          onConfirm={() => confirmDelete(dialog.number)}
          onCancel={close}
        />
      ) : null}
    </Card>
  );
}
