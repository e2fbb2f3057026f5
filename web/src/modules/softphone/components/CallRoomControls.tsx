import {
  ActionIcon,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { Pause, Play, UserPlus, X } from "lucide-react";
import { useMemo, useState } from "react";
import type { CallRoom, PartyTarget } from "../../../api/calls";
import { isRefusal } from "../../../api/errors";
import { useSession } from "../../../app/session";
import { formatPhone } from "../../../ui/format";
import { toast, toastError } from "../../../ui/toast";
import { RefusalAndActions, useTargets } from "../../calls/TransferDialog";
import { loggedCallSid } from "../device";
import { useAddParty, useCallRoom, useDropParty, useHoldCall } from "../room";
import { type CurrentCall, hangUp } from "../store";

type Party = CallRoom["parties"][number];

const PARTY_STATUS: Record<Party["status"], string> = {
  calling: "Calling…",
  joined: "On the call",
  left: "Left",
};

/** A party's name as the console shows it: a member's name, or the number formatted. */
const partyName = (party: Pick<Party, "label">) => formatPhone(party.label);

type Kind = PartyTarget["kind"];

/** The party the form names, or null while it names none. */
function partyOf(kind: Kind, choice: string | null, number: string): PartyTarget | null {
  if (kind === "ring_group") return { kind };
  if (kind === "number") return number.trim() ? { kind, number: number.trim() } : null;
  if (!choice) return null;
  return kind === "member" ? { kind, userId: choice } : { kind, extensionId: choice };
}

/**
 * Calls a teammate (their browser, else their phone), an extension, the number's ring group (the
 * first to answer) or an outside number into the call.
 */
function AddPartyDialog(props: { callSid: string; legCallSid: string | undefined; onClose(): void }) {
  const me = useSession().user?.id;
  const [kind, setKind] = useState<Kind>("member");
  const [choice, setChoice] = useState<string | null>(null);
  const [number, setNumber] = useState("");
  const add = useAddParty(props.callSid, props.legCallSid);
  const targets = useTargets(kind);
  const options = useMemo(
    () => (kind === "member" ? targets.filter((t) => t.value !== me) : targets),
    [kind, targets, me],
  );
  const target = partyOf(kind, choice, number);
  const error = add.error && isRefusal(add.error) ? add.error.firstFieldMessage() : null;
  const call = (to: PartyTarget) =>
    add.mutate(to, {
      onSuccess: (room) => {
        const called = room.parties.at(-1);
        const whom = to.kind === "ring_group" ? "the ring group" : called && partyName(called);
        toast({ title: whom ? `Calling ${whom}` : "Calling" });
        props.onClose();
      },
    });
  return (
    <Modal
      opened
      onClose={props.onClose}
      title="Add to the call"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        <Text size="sm">
          While the caller is on hold you talk with them alone (then complete the transfer); otherwise
          everyone hears each other.
        </Text>
        <SegmentedControl
          aria-label="Call in"
          data={[
            { value: "member", label: "Teammate" },
            { value: "extension", label: "Extension" },
            { value: "ring_group", label: "Ring group" },
            { value: "number", label: "Number" },
          ]}
          value={kind}
          onChange={(value) => {
            setKind(value as Kind);
            setChoice(null);
            add.reset();
          }}
        />
        {kind === "ring_group" ? (
          <Text size="sm" c="gray.7">
            Everyone in the number's ring group who can take a call now is rung; the first to answer joins.
          </Text>
        ) : kind !== "number" ? (
          <Select
            label={kind === "member" ? "Teammate" : "Extension"}
            data={options}
            value={choice}
            onChange={setChoice}
            searchable
            nothingFoundMessage="Nobody found"
          />
        ) : (
          <TextInput label="Phone number" value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
        )}
        <RefusalAndActions
          error={error}
          onCancel={props.onClose}
          submit={{ label: "Call", loading: add.isPending, onClick: target && (() => call(target)) }}
        />
      </Stack>
    </Modal>
  );
}

/** Who was called in, and a way to drop each one still there. */
function PartyList({ callSid, parties }: { callSid: string; parties: Party[] }) {
  const drop = useDropParty(callSid);
  return (
    <Stack gap={4} role="list" aria-label="Others on the call">
      {parties.map((party) => (
        <Group key={party.callSid} justify="space-between" role="listitem" wrap="nowrap">
          <div>
            <Text size="sm" fw={500}>
              {partyName(party)}
            </Text>
            <Text size="xs" c="dimmed">
              {PARTY_STATUS[party.status]}
            </Text>
          </div>
          {party.status !== "left" && (
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={`Drop ${partyName(party)}`}
              loading={drop.isPending && drop.variables === party.callSid}
              onClick={() => drop.mutate(party.callSid, { onError: (e) => toastError("Drop Error", e) })}
            >
              <X size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** What the member is doing with the caller held, in words. */
function heldWords(parties: Party[]): string {
  const joined = parties.find((p) => p.status === "joined");
  if (!joined) return "The caller is on hold.";
  return `The caller is on hold while you talk with ${partyName(joined)}. Complete the transfer to connect them, or drop ${partyName(joined)} and resume.`;
}

interface RoomControlsProps {
  callSid: string;
  /** The browser's own leg; absent for a call answered on a phone (Active Calls). */
  legCallSid?: string | undefined;
  enabled: boolean;
  /** Connects the caller with whoever was consulted: the member leaves the room. */
  completeTransfer(room: CallRoom): void;
  size?: "sm" | "compact-sm";
}

/**
 * Hold, add someone (a warm transfer while the caller is held, a conference otherwise), drop them,
 * complete a transfer: a call moved into its room by the API.
 */
export function RoomControls({
  callSid,
  legCallSid,
  enabled,
  completeTransfer,
  size = "sm",
}: RoomControlsProps) {
  const room = useCallRoom(callSid, enabled);
  const hold = useHoldCall(callSid, legCallSid);
  const [adding, setAdding] = useState(false);
  const held = room.data?.held ?? false;
  const parties = room.data?.parties ?? [];
  const consulted = held && parties.some((p) => p.status === "joined");
  return (
    <Stack gap="xs">
      <Group grow>
        <Button
          size={size}
          variant={held ? "filled" : "default"}
          aria-pressed={held}
          loading={hold.isPending}
          leftSection={held ? <Play size={16} aria-hidden /> : <Pause size={16} aria-hidden />}
          onClick={() => hold.mutate(!held, { onError: (e) => toastError("Hold Error", e) })}
        >
          {held ? "Resume" : "Hold"}
        </Button>
        <Button
          size={size}
          variant="default"
          leftSection={<UserPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          Add
        </Button>
      </Group>
      {held && (
        <Text size="sm" role="status">
          {heldWords(parties)}
        </Text>
      )}
      {parties.length > 0 && <PartyList callSid={callSid} parties={parties} />}
      {consulted && room.data && (
        <Button size={size} color="teal.9" onClick={() => room.data && completeTransfer(room.data)}>
          Complete transfer
        </Button>
      )}
      {adding && (
        <AddPartyDialog callSid={callSid} legCallSid={legCallSid} onClose={() => setAdding(false)} />
      )}
    </Stack>
  );
}

/** The room of a call answered in this browser: completing a transfer hangs the browser up. */
export function CallRoomControls({ current }: { current: CurrentCall }) {
  return (
    <RoomControls
      callSid={loggedCallSid(current.call)}
      legCallSid={current.call.parameters.CallSid}
      enabled={current.phase === "open"}
      completeTransfer={hangUp}
    />
  );
}

/** The room of a call answered on a phone, from Active Calls: completing a transfer drops the phone. */
export function PhoneCallRoomControls({ callSid }: { callSid: string }) {
  const drop = useDropParty(callSid);
  return (
    <RoomControls
      callSid={callSid}
      enabled
      size="compact-sm"
      completeTransfer={(room) =>
        drop.mutate(room.memberCallSid, { onError: (e) => toastError("Transfer Error", e) })
      }
    />
  );
}
