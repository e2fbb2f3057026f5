import { Alert, Button, Group, Loader, Stack, Text, Textarea, Title } from "@mantine/core";
import { useInterval } from "@mantine/hooks";
import { ArrowRightLeft, Grid3x3, Mic, MicOff, PhoneOff } from "lucide-react";
import { useEffect, useState } from "react";
import { formatPhone } from "../../../ui/format";
import { toast, toastError } from "../../../ui/toast";
import { CallTags } from "../../calls/CallTags";
import { useUpdateCallNotes } from "../../calls/hooks";
import { TransferDialog } from "../../calls/TransferDialog";
import { loggedCallSid, otherParty } from "../device";
import { formatCallTimer } from "../format";
import { useCallCard } from "../hooks";
import {
  type CurrentCall,
  dismissEndedCall,
  hangUp,
  sendDigits,
  setMuted,
  setNotesWaiting,
  useSoftphoneStore,
} from "../store";
import { CallCardView } from "./CallCardView";
import { CallRoomControls } from "./CallRoomControls";
import { Keypad } from "./Keypad";

/** mm:ss since the call connected, ticking every second while it lasts. */
function CallTimer({ current }: { current: CurrentCall }) {
  const [now, setNow] = useState(Date.now);
  const ticker = useInterval(() => setNow(Date.now()), 1000);
  const running = current.phase === "open";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticker is stable for its life
  useEffect(() => {
    if (!running) return;
    ticker.start();
    return ticker.stop;
  }, [running]);
  if (current.startedAt === null) return null;
  const elapsed = (current.endedAt ?? now) - current.startedAt;
  return (
    <Text ff="monospace" size="xl" role="timer" aria-label="Call time">
      {formatCallTimer(elapsed)}
    </Text>
  );
}

const PHASE_WORDS: Record<CurrentCall["phase"], string> = {
  connecting: "Connecting…",
  ringing: "Ringing…",
  open: "On call",
  ended: "Call ended",
};

/**
 * Notes on the call, saved to its call log (the call history's notes). The carrier reports a call
 * as it goes, and its log may only be written once it ends: notes saved before then wait for it.
 */
function CallNotesField({ callId }: { callId: string | null }) {
  const [notes, setNotes] = useState("");
  const waiting = useSoftphoneStore((state) => state.notesWaiting);
  const setWaiting = setNotesWaiting;
  // Leaving the call's view lets go of notes that never found their log.
  useEffect(() => () => setNotesWaiting(false), []);
  const save = useUpdateCallNotes();
  const saveTo = (id: string) =>
    save.mutate(
      { id, notes },
      {
        onSuccess: () => toast({ title: "Notes saved" }),
        onError: (error) => toastError("Save Error", error),
      },
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves once, when the log appears
  useEffect(() => {
    if (!waiting || !callId) return;
    setWaiting(false);
    saveTo(callId);
  }, [waiting, callId]);
  return (
    <Stack gap="xs">
      <Textarea
        label="Call notes"
        autosize
        minRows={2}
        maxRows={6}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <Button
        variant="default"
        onClick={() => (callId ? saveTo(callId) : setWaiting(true))}
        loading={save.isPending}
        disabled={!notes.trim() || waiting}
      >
        Save notes
      </Button>
      {waiting && (
        <Text size="sm" c="dimmed" role="status">
          The notes are saved to the call log as soon as the call is logged.
        </Text>
      )}
    </Stack>
  );
}

function CallControls({ current }: { current: CurrentCall }) {
  const muted = useSoftphoneStore((state) => state.muted);
  const notesWaiting = useSoftphoneStore((state) => state.notesWaiting);
  const [keypad, setKeypad] = useState(false);
  const open = current.phase === "open";
  if (current.phase === "ended")
    return (
      <Button variant="default" onClick={dismissEndedCall} disabled={notesWaiting}>
        Done
      </Button>
    );
  return (
    <Stack gap="sm">
      <Group grow>
        <Button
          variant={muted ? "filled" : "default"}
          aria-pressed={muted}
          disabled={!open}
          leftSection={muted ? <MicOff size={16} aria-hidden /> : <Mic size={16} aria-hidden />}
          onClick={() => setMuted(!muted)}
        >
          {muted ? "Unmute" : "Mute"}
        </Button>
        <Button
          variant={keypad ? "filled" : "default"}
          aria-pressed={keypad}
          disabled={!open}
          leftSection={<Grid3x3 size={16} aria-hidden />}
          onClick={() => setKeypad((shown) => !shown)}
        >
          Keypad
        </Button>
      </Group>
      {keypad && open && <Keypad label="Keypad tones" onPress={sendDigits} />}
      {open && <CallRoomControls current={current} />}
      {open && <TransferButton current={current} />}
      <Button color="red.8" leftSection={<PhoneOff size={16} aria-hidden />} onClick={hangUp}>
        Hang up
      </Button>
    </Stack>
  );
}

/** Hands the caller on (a cold transfer of the caller's call): this browser's leg then ends. */
function TransferButton({ current }: { current: CurrentCall }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<ArrowRightLeft size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Transfer
      </Button>
      {opened && (
        <TransferDialog
          callSid={loggedCallSid(current.call)}
          opened
          onClose={() => setOpened(false)}
          onTransferred={() => toast({ title: "Call transferred" })}
        />
      )}
    </>
  );
}

/**
 * Tags and a disposition for the call on the softphone, during or after it: by its log id when
 * the card has it, else by its CallSid (the tags endpoint takes either).
 */
function SoftphoneCallTags({ callId }: { callId: string }) {
  const [saved, setSaved] = useState<{ tags: string[]; disposition: string | null }>({
    tags: [],
    disposition: null,
  });
  if (!callId) return null;
  return <CallTags callId={callId} tags={saved.tags} disposition={saved.disposition} onSaved={setSaved} />;
}

/** The call on the softphone: who, how long, its controls, the caller's card and notes. */
export function InCallView({ current }: { current: CurrentCall }) {
  const number = otherParty(current.call);
  const card = useCallCard(current.call);
  const name = card.data?.contact?.name;
  return (
    <Stack gap="md">
      <div aria-live="polite">
        <Text size="sm" c="dimmed">
          {current.call.direction === "INCOMING" ? "Call from" : "Call to"}
        </Text>
        <Title order={3}>{name ?? formatPhone(number)}</Title>
        {name && <Text size="sm">{formatPhone(number)}</Text>}
        <Text size="sm">{PHASE_WORDS[current.phase]}</Text>
      </div>
      <CallTimer current={current} />
      <CallControls current={current} />
      {card.isLoading && <Loader size="sm" aria-label="Loading the contact card" />}
      {card.isError && (
        <Alert color="gray" role="status">
          The contact card could not be loaded.
        </Alert>
      )}
      {card.data && <CallCardView card={card.data} />}
      {card.data && <CallNotesField callId={card.data.callId} />}
      <SoftphoneCallTags
        key={loggedCallSid(current.call)}
        callId={card.data?.callId ?? loggedCallSid(current.call)}
      />
    </Stack>
  );
}
