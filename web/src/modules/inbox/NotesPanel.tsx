import { Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { NOTE_MAX } from "@poundline/contracts/inbox/schemas";
import { type FormEvent, useState } from "react";
import { useCan } from "../../app/session";
import { useFormat } from "../../ui/time-zone";
import { toastError } from "../../ui/toast";
import { type NoteSubject, useAddNote, useNotes } from "./hooks";

/**
 * The team's internal notes on a conversation or a call: never sent to the contact; @Name
 * notifies a member. A role that may not write them (a bookkeeper) reads them only.
 */
export function NotesPanel({ subject }: { subject: NoteSubject }) {
  const { data } = useNotes(subject);
  const add = useAddNote(subject);
  const canWrite = useCan("callId" in subject ? "calls.notes" : "messages.send");
  const [body, setBody] = useState("");
  const { relative: when } = useFormat();
  const notes = data?.notes ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      await add.mutateAsync(body);
      setBody("");
    } catch (err) {
      toastError("Note not saved", err as Error);
    }
  }

  return (
    <Stack gap="xs" component="section" aria-label="Internal notes">
      {notes.length > 0 && (
        <Stack gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {notes.map((note) => (
            <Paper component="li" key={note.id} withBorder p="xs" bg="yellow.0">
              <Text size="xs" c="dimmed">
                {note.author?.name ?? "Former member"} · {when(note.createdAt)}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {note.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {notes.length === 0 && !canWrite && (
        <Text size="sm" c="dimmed">
          No internal notes yet.
        </Text>
      )}
      {canWrite && (
        <form onSubmit={submit} aria-label="Add an internal note">
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Textarea
              aria-label="Internal note"
              placeholder="Internal note, visible to your team only. Type @Name to notify someone."
              autosize
              minRows={1}
              maxRows={4}
              maxLength={NOTE_MAX}
              style={{ flex: 1 }}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
            />
            <Button type="submit" variant="default" loading={add.isPending} disabled={!body.trim()}>
              Add note
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
