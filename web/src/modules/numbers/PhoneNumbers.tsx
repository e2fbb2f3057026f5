import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { NumberList, NumberRequest, PhoneNumber } from "../../api/numbers";
import { useCan } from "../../app/session";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { DataTable } from "../../ui/DataTable";
import { formatPhone } from "../../ui/format";
import { EmptyState, QueryState } from "../../ui/QueryState";
import { useFormat } from "../../ui/time-zone";
import { toast, toastError } from "../../ui/toast";
import { AutomationsDialog } from "../automations/AutomationsDialog";
import { AbroadNumberDialog } from "./AbroadNumberDialog";
import { BuyNumberDialog } from "./BuyNumberDialog";
import { EmergencyAddressDialog } from "./EmergencyAddressDialog";
import { routingSummary, usageText } from "./format";
import { useNumberList, useNumberMutation, useNumberRequests, useNumbersApi } from "./hooks";
import { RenameDialog } from "./RenameDialog";

type Dialog =
  | { kind: "none" | "abroad" }
  | { kind: "buy"; request: NumberRequest | null }
  | { kind: "rename" | "e911" | "release" | "automations"; number: PhoneNumber };

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

type OpenDialog = (dialog: Dialog) => void;

interface NumberActionsProps {
  number: PhoneNumber;
  canEdit: boolean;
  canRelease: boolean;
  open: OpenDialog;
}

function NumberActions({ number, canEdit, canRelease, open }: NumberActionsProps) {
  const shown = formatPhone(number.e164);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canEdit ? (
        <>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => open({ kind: "rename", number })}
            aria-label={`Rename ${shown}`}
          >
            Rename
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => open({ kind: "automations", number })}
            aria-label={`Automated texts of ${shown}`}
          >
            Automations
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => open({ kind: "e911", number })}
            aria-label={`E911 address of ${shown}`}
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
          onClick={() => open({ kind: "release", number })}
          aria-label={`Release ${shown}`}
        >
          Release
        </Button>
      ) : null}
    </Group>
  );
}

const capabilitiesText = (n: PhoneNumber) =>
  [n.capabilities.voice ? "Voice" : null, n.capabilities.sms ? "SMS" : null].filter(Boolean).join(", ") ||
  "None";

function NumbersTable({
  numbers,
  fetching,
  open,
}: {
  numbers: PhoneNumber[];
  fetching: boolean;
  open: OpenDialog;
}) {
  const canEdit = useCan("numbers.edit");
  const canRelease = useCan("numbers.release");
  return (
    <Card withBorder padding={0}>
      <DataTable<PhoneNumber>
        aria-label="Phone numbers"
        records={numbers}
        fetching={fetching}
        minHeight={150}
        striped
        highlightOnHover
        columns={[
          { accessor: "e164", title: "Number", render: (n) => formatPhone(n.e164) },
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
          { accessor: "numberType", title: "Type", render: (n) => <TypeCell number={n} /> },
          { accessor: "capabilities", title: "Capabilities", render: capabilitiesText },
          { accessor: "e911", title: "E911", render: (n) => <E911Cell number={n} /> },
          { accessor: "routing", title: "Routing", render: (n) => routingSummary(n.routing) },
          {
            accessor: "actions",
            title: "Actions",
            textAlign: "right",
            hidden: !canEdit && !canRelease,
            render: (n) => <NumberActions number={n} canEdit={canEdit} canRelease={canRelease} open={open} />,
          },
        ]}
      />
    </Card>
  );
}

/** A toll-free number's type leads to its texting verification. */
function TypeCell({ number }: { number: PhoneNumber }) {
  if (number.numberType !== "toll-free") return <>{typeLabel(number.numberType)}</>;
  return (
    <Stack gap={2}>
      <Text size="sm">{typeLabel(number.numberType)}</Text>
      <Anchor
        component={Link}
        to={`/dashboard/numbers/${number.id}/toll-free-verification`}
        size="sm"
        aria-label={`Toll-free verification of ${formatPhone(number.e164)}`}
      >
        Texting verification
      </Anchor>
    </Stack>
  );
}

const TYPE_LABELS: Record<string, string> = { "toll-free": "Toll-Free", mobile: "Mobile", local: "Local" };
const typeLabel = (numberType: string) => TYPE_LABELS[numberType] ?? "Local";

function NumberRequestsCard({ requests, open }: { requests: NumberRequest[]; open: OpenDialog }) {
  const { date } = useFormat();
  return (
    <Card withBorder padding="md">
      <Stack>
        <Title order={2} size="h3">
          Number Requests
        </Title>
        <DataTable<NumberRequest>
          aria-label="Number requests"
          records={requests}
          columns={[
            { accessor: "numberType", title: "Type", render: (r) => typeLabel(r.numberType) },
            { accessor: "areaCode", title: "Area Code", render: (r) => r.areaCode ?? "Any" },
            { accessor: "quantity", title: "Quantity" },
            { accessor: "purpose", title: "Purpose", render: (r) => r.purpose ?? "" },
            { accessor: "createdAt", title: "Requested", render: (r) => date(r.createdAt) },
            {
              accessor: "actions",
              title: "Actions",
              textAlign: "right",
              render: (r) => (
                <Button size="xs" onClick={() => open({ kind: "buy", request: r })}>
                  Fulfil
                </Button>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}

function ReleaseDialog({ number, onClose }: { number: PhoneNumber; onClose: () => void }) {
  const api = useNumbersApi();
  const release = useNumberMutation((released: PhoneNumber) => api.release(released.id));
  function confirmRelease() {
    release.mutate(number, {
      onSuccess: () => {
        toast({ title: "Number Released", description: `${formatPhone(number.e164)} was released.` });
        onClose();
      },
      onError: (error) => toastError("Release Error", error),
    });
  }
  return (
    <ConfirmDialog
      title="Release Number"
      message={
        <>
          Release <strong>{formatPhone(number.e164)}</strong>? It goes back to the carrier: calls and texts to
          it will no longer reach you. This cannot be undone.
        </>
      }
      confirmLabel="Release Number"
      danger
      pending={release.isPending}
      onConfirm={confirmRelease}
      onCancel={onClose}
    />
  );
}

function NumberDialog({ dialog, list, onClose }: { dialog: Dialog; list?: NumberList; onClose: () => void }) {
  switch (dialog.kind) {
    case "buy":
      return <BuyNumberDialog request={dialog.request} onClose={onClose} />;
    case "abroad":
      return <AbroadNumberDialog onClose={onClose} />;
    case "rename":
      return <RenameDialog number={dialog.number} onClose={onClose} />;
    case "automations":
      return <AutomationsDialog number={dialog.number} onClose={onClose} />;
    case "e911":
      return (
        <EmergencyAddressDialog
          number={dialog.number}
          registeredAddress={list?.registeredAddress ?? null}
          onClose={onClose}
        />
      );
    case "release":
      return <ReleaseDialog number={dialog.number} onClose={onClose} />;
    default:
      return null;
  }
}

/** The account's phone numbers: buy, rename, E911 address, release; and its number requests. */
export function PhoneNumbers() {
  const list = useNumberList();
  const requests = useNumberRequests();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const openRequests = (requests.data?.requests ?? []).filter((r) => OPEN_REQUESTS.has(r.status));
  const canBuy = useCan("numbers.buy");

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <Stack gap={4}>
          <Title order={1}>Phone Numbers</Title>
          {list.data ? <Text c="dimmed">{usageText(list.data.usage)}</Text> : null}
        </Stack>
        {canBuy ? (
          <Group gap="xs">
            <Button variant="default" onClick={() => setDialog({ kind: "abroad" })}>
              Buy Abroad
            </Button>
            <Button onClick={() => setDialog({ kind: "buy", request: null })}>Buy a Number</Button>
          </Group>
        ) : null}
      </Group>

      <QueryState
        query={list}
        loadingText="Loading phone numbers..."
        errorTitle="Error loading phone numbers"
        isEmpty={(answer) => answer.numbers.length === 0}
        empty={
          <EmptyState title="No Phone Numbers Yet">
            Buy a local or toll-free number to start taking calls.
          </EmptyState>
        }
      >
        {(answer) => <NumbersTable numbers={answer.numbers} fetching={list.isFetching} open={setDialog} />}
      </QueryState>

      {canBuy && openRequests.length > 0 ? (
        <NumberRequestsCard requests={openRequests} open={setDialog} />
      ) : null}

      <NumberDialog dialog={dialog} list={list.data} onClose={() => setDialog({ kind: "none" })} />
    </Stack>
  );
}
