import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  type SelectProps,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { presenceLabels } from "@poundline/domain/presence";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { callsApi, type TransferTarget } from "../../api/calls";
import { useApi } from "../../api/context";
import { isRefusal } from "../../api/errors";
import { useExtensions } from "../extensions/hooks";
import { usePeople, usePresenceByMember } from "../people/hooks";
import { PresenceBadge } from "../people/PresenceBadge";

type Kind = "member" | "extension" | "ring_group" | "number";

const KINDS: { value: Kind; label: string }[] = [
  { value: "member", label: "Teammate" },
  { value: "extension", label: "Extension" },
  { value: "ring_group", label: "Ring group" },
  { value: "number", label: "Number" },
];

/** The target the form names, or null while it names none. */
function targetOf(kind: Kind, choice: string | null, number: string): TransferTarget | null {
  if (kind === "ring_group") return { kind };
  if (kind === "number") return number.trim() ? { kind, number: number.trim() } : null;
  if (!choice) return null;
  return kind === "member" ? { kind, userId: choice } : { kind, extensionId: choice };
}

/** Who in the account a call can go to: teammates and extensions, as select options. */
export function useTargets(kind: Kind) {
  const people = usePeople();
  const presence = usePresenceByMember();
  const extensions = useExtensions("");
  return useMemo(() => {
    if (kind === "member")
      return (people.data?.members ?? []).map((m) => {
        const state = presence.get(m.userId)?.state;
        // The state in the label too: the chosen teammate reads "Ana (On a call)" in the field.
        return { value: m.userId, label: state ? `${m.name} (${presenceLabels[state]})` : m.name };
      });
    if (kind === "extension")
      return (extensions.data?.items ?? []).map((e) => ({
        value: e.id,
        label: `${e.extensionNumber} · ${e.name}`,
      }));
    return [];
  }, [kind, people.data, presence, extensions.data]);
}

/** A teammate's choice: their name, and their state as a dot and words. */
function useMemberOption(): SelectProps["renderOption"] {
  const presence = usePresenceByMember();
  return ({ option }) => {
    const member = presence.get(option.value);
    const name = member?.name ?? option.label;
    const state = member?.state;
    return (
      <Group justify="space-between" wrap="nowrap" w="100%">
        <Text size="sm">{name}</Text>
        {state ? <PresenceBadge state={state} /> : null}
      </Group>
    );
  };
}

/**
 * The foot of a dialog that calls someone: why the server refused (its field message), Cancel,
 * and the action (disabled while `onClick` is null: nobody chosen yet).
 */
export function RefusalAndActions(props: {
  error: string | null;
  onCancel(): void;
  submit: { label: string; loading: boolean; onClick: (() => void) | null };
}) {
  const { submit } = props;
  return (
    <>
      {props.error ? (
        <Alert color="red" role="alert">
          {props.error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button disabled={!submit.onClick} loading={submit.loading} onClick={() => submit.onClick?.()}>
          {submit.label}
        </Button>
      </Group>
    </>
  );
}

/**
 * A cold transfer: the caller is handed to a teammate, an extension, the number's ring group or
 * an outside number; whoever had taken the call is let go.
 */
export function TransferDialog(props: {
  callSid: string;
  opened: boolean;
  onClose(): void;
  onTransferred?(): void;
}) {
  const api = useApi();
  const [kind, setKind] = useState<Kind>("member");
  const [choice, setChoice] = useState<string | null>(null);
  const [number, setNumber] = useState("");
  const options = useTargets(kind);
  const memberOption = useMemberOption();
  const target = targetOf(kind, choice, number);
  const transfer = useMutation({
    mutationFn: (to: TransferTarget) => callsApi(api).transfer(props.callSid, to),
    onSuccess: () => {
      props.onTransferred?.();
      props.onClose();
    },
  });
  const error = transfer.error && isRefusal(transfer.error) ? transfer.error.firstFieldMessage() : null;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Transfer call"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        <SegmentedControl
          aria-label="Transfer to"
          data={KINDS}
          value={kind}
          onChange={(value) => {
            setKind(value as Kind);
            setChoice(null);
            transfer.reset();
          }}
        />
        {kind === "member" || kind === "extension" ? (
          <Select
            label={kind === "member" ? "Teammate" : "Extension"}
            data={options}
            value={choice}
            onChange={setChoice}
            {...(kind === "member" ? { renderOption: memberOption } : {})}
            searchable
            nothingFoundMessage="Nobody found"
          />
        ) : null}
        {kind === "number" ? (
          <TextInput label="Phone number" value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
        ) : null}
        <RefusalAndActions
          error={error}
          onCancel={props.onClose}
          submit={{
            label: "Transfer",
            loading: transfer.isPending,
            onClick: target && (() => transfer.mutate(target)),
          }}
        />
      </Stack>
    </Modal>
  );
}
