import { Badge, Button, Card, Center, Group, Loader, Stack, Text, Title, Tooltip } from "@mantine/core";
import { useState } from "react";
import type { NumberRequest, PhoneNumber } from "../../api/numbers";
import { useCan } from "../../app/session";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { LoadError } from "../../lib/LoadError";
import { useFormat } from "../../lib/time-zone";
import { toast } from "../../lib/toast";
import { WideDataTable } from "../../lib/WideDataTable";
import { BuyNumberDialog } from "./BuyNumberDialog";
import { EmergencyAddressDialog } from "./EmergencyAddressDialog";
import { formatNumber, routingSummary, usageText } from "./format";
import { useNumberList, useNumberMutation, useNumberRequests, useNumbersApi } from "./hooks";
import { RenameDialog } from "./RenameDialog";

type Dialog =
  | { kind: "none" }
  | { kind: "buy"; request: NumberRequest | null }
  | { kind: "rename" | "e911" | "release"; number: PhoneNumber };

const OPEN_REQUESTS = new Set(["new", "reviewed", "planned"]);

function E911Cell({ number }: { number: PhoneNumber }) {
  const e911 = number.e911;
  if (!e911)
    return (
      <Badge color="red" c="dark.9" variant="light">
        Missing
      </Badge>
    );
  return (
    <Tooltip label={`${e911.street}, ${e911.city}, ${e911.region} ${e911.postalCode}`}>
      <Badge color="green" c="dark.9" variant="light" tabIndex={0}>
        Registered
      </Badge>
    </Tooltip>
  );
}

/** The account's phone numbers: buy, rename, E911 address, release; and its number requests. */
export function PhoneNumbers() {
  const api = useNumbersApi();
  const list = useNumberList();
  const requests = useNumberRequests();
  const { date } = useFormat();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const close = () => setDialog({ kind: "none" });
  const release = useNumberMutation((number: PhoneNumber) => api.release(number.id));
  const openRequests = (requests.data?.requests ?? []).filter((r) => OPEN_REQUESTS.has(r.status));
  const canBuy = useCan("numbers.buy");
  const canEdit = useCan("numbers.edit");
  const canRelease = useCan("numbers.release");

  function confirmRelease(number: PhoneNumber) {
    release.mutate(number, {
      onSuccess: () => {
        toast({ title: "Number Released", description: `${formatNumber(number.e164)} was released.` });
        close();
      },
      onError: (error) =>
        toast({ title: "Release Error", description: error.message, variant: "destructive" }),
    });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <Stack gap={4}>
          <Title order={1}>Phone Numbers</Title>
          {list.data ? <Text c="dimmed">{usageText(list.data.usage)}</Text> : null}
        </Stack>
        {canBuy ? (
          <Button onClick={() => setDialog({ kind: "buy", request: null })}>Buy a Number</Button>
        ) : null}
      </Group>

      {list.isPending ? (
        <Center py="xl">
          <Group>
            <Loader size="sm" />
            <Text>Loading phone numbers...</Text>
          </Group>
        </Center>
      ) : list.isError ? (
        <LoadError
          title="Error loading phone numbers"
          message={list.error.message}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.numbers.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <Title order={2} size="h3">
              No Phone Numbers Yet
            </Title>
            <Text c="dimmed" size="sm">
              Buy a local or toll-free number to start taking calls.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding={0}>
          <WideDataTable<PhoneNumber>
            aria-label="Phone numbers"
            records={list.data.numbers}
            fetching={list.isFetching}
            minHeight={150}
            striped
            highlightOnHover
            columns={[
              { accessor: "e164", title: "Number", render: (n) => formatNumber(n.e164) },
              {
                accessor: "friendlyName",
                title: "Friendly Name",
                render: (n) =>
                  n.friendlyName || (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  ),
              },
              {
                accessor: "numberType",
                title: "Type",
                render: (n) => (n.numberType === "toll-free" ? "Toll-Free" : "Local"),
              },
              {
                accessor: "capabilities",
                title: "Capabilities",
                render: (n) =>
                  [n.capabilities.voice ? "Voice" : null, n.capabilities.sms ? "SMS" : null]
                    .filter(Boolean)
                    .join(", ") || "None",
              },
              { accessor: "e911", title: "E911", render: (n) => <E911Cell number={n} /> },
              { accessor: "routing", title: "Routing", render: (n) => routingSummary(n.routing) },
              {
                accessor: "actions",
                title: "Actions",
                textAlign: "right",
                hidden: !canEdit && !canRelease,
                render: (n) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {canEdit ? (
                      <>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setDialog({ kind: "rename", number: n })}
                          aria-label={`Rename ${formatNumber(n.e164)}`}
                        >
                          Rename
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setDialog({ kind: "e911", number: n })}
                          aria-label={`E911 address of ${formatNumber(n.e164)}`}
                        >
                          E911
                        </Button>
                      </>
                    ) : null}
                    {canRelease ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        onClick={() => setDialog({ kind: "release", number: n })}
                        aria-label={`Release ${formatNumber(n.e164)}`}
                      >
                        Release
                      </Button>
                    ) : null}
                  </Group>
                ),
              },
            ]}
          />
        </Card>
      )}

      {canBuy && openRequests.length > 0 ? (
        <Card withBorder padding="md">
          <Stack>
            <Title order={2} size="h3">
              Number Requests
            </Title>
            <WideDataTable<NumberRequest>
              aria-label="Number requests"
              records={openRequests}
              columns={[
                {
                  accessor: "numberType",
                  title: "Type",
                  render: (r) => (r.numberType === "toll-free" ? "Toll-Free" : "Local"),
                },
                { accessor: "areaCode", title: "Area Code", render: (r) => r.areaCode ?? "Any" },
                { accessor: "quantity", title: "Quantity" },
                { accessor: "purpose", title: "Purpose", render: (r) => r.purpose ?? "" },
                {
                  accessor: "createdAt",
                  title: "Requested",
                  render: (r) => date(r.createdAt),
                },
                {
                  accessor: "actions",
                  title: "Actions",
                  textAlign: "right",
                  render: (r) => (
                    <Button size="xs" onClick={() => setDialog({ kind: "buy", request: r })}>
                      Fulfil
                    </Button>
                  ),
                },
              ]}
            />
          </Stack>
        </Card>
      ) : null}

      {dialog.kind === "buy" ? <BuyNumberDialog request={dialog.request} onClose={close} /> : null}
      {dialog.kind === "rename" ? <RenameDialog number={dialog.number} onClose={close} /> : null}
      {dialog.kind === "e911" ? (
        <EmergencyAddressDialog
          number={dialog.number}
          registeredAddress={list.data?.registeredAddress ?? null}
          onClose={close}
        />
      ) : null}
      {dialog.kind === "release" ? (
        <ConfirmDialog
          title="Release Number"
          message={
            <>
              Release <strong>{formatNumber(dialog.number.e164)}</strong>? It goes back to the carrier: calls
              and texts to it will no longer reach you. This cannot be undone.
            </>
          }
          confirmLabel="Release Number"
          danger
          pending={release.isPending}
          onConfirm={() => confirmRelease(dialog.number)}
          onCancel={close}
        />
      ) : null}
    </Stack>
  );
}
