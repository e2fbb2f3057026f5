import { ActionIcon, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { MessageSquareText } from "lucide-react";
import { useState } from "react";
import type { CallLog } from "../../api/calls";
import { formatPhone } from "../../ui/format";
import { useMembers } from "../inbox/hooks";
import { NotesPanel } from "../inbox/NotesPanel";

type Party = CallLog["parties"][number];

/** A leg of the call in words: "Sam Rivera (browser)", "(404) 555-0199", with how it ended if not talked. */
function partyWords(party: Party, nameOf: (id: string) => string): string {
  const who = party.userId
    ? `${nameOf(party.userId)}${party.number.startsWith("client:") ? " (browser)" : ""}`
    : formatPhone(party.number);
  return party.status === "completed" ? who : `${who}, ${party.status.replace("-", " ")}`;
}

/**
 * "Placed by Ann", "Answered by Sam", "Returned by Sam": who of the team was on the call; and
 * "With …": everyone the call reached (the phones it rang, a colleague or number called in).
 */
function useTeamFacts(call: CallLog): string[] {
  const { data: team } = useMembers();
  const nameOf = (id: string) => team?.members.find((member) => member.id === id)?.name ?? "a former member";
  const reached = call.parties.filter((party) => party.status !== "canceled");
  return [
    call.placedById ? `Placed by ${nameOf(call.placedById)}` : null,
    call.answeredById ? `Answered by ${nameOf(call.answeredById)}` : null,
    call.returnedById ? `Returned by ${nameOf(call.returnedById)}` : null,
    reached.length > 0 ? `With ${reached.map((party) => partyWords(party, nameOf)).join(", ")}` : null,
  ].filter((fact): fact is string => fact !== null);
}

/** The other party of a call, as the call history shows them. */
const otherParty = (call: CallLog) =>
  call.contactName ?? formatPhone(call.direction === "inbound" ? call.fromNumber : call.toNumber);

/** A call's team: who placed, answered or returned it, and its internal notes in a dialog. */
export function CallTeam({ call }: { call: CallLog }) {
  const [open, setOpen] = useState(false);
  const facts = useTeamFacts(call);
  const title = `Call ${call.direction === "inbound" ? "from" : "to"} ${otherParty(call)}`;
  return (
    <Stack gap={4} align="flex-start">
      {facts.length > 0 && (
        <Text size="xs" c="dimmed">
          {facts.join(" · ")}
        </Text>
      )}
      {/* An icon: the table keeps to a 1366 px screen without scrolling sideways. */}
      <Tooltip label="Internal notes">
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Internal notes on the ${title.toLowerCase()}`}
          onClick={() => setOpen(true)}
        >
          <MessageSquareText size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        closeButtonProps={{ "aria-label": "Close dialog" }}
        opened={open}
        onClose={() => setOpen(false)}
        title={title}
        size="lg"
      >
        <Stack gap="sm">
          {facts.length > 0 && <Text size="sm">{facts.join(" · ")}</Text>}
          <NotesPanel subject={{ callId: call.id }} />
        </Stack>
      </Modal>
    </Stack>
  );
}
