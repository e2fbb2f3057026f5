import { Button, Group, Modal, Stack, Text, Textarea, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { toast, toastError } from "../../ui/toast";
import { useUpdateCallNotes } from "./hooks";

/** A call's notes, with a dialog to edit them (PATCH /api/calls/:id). */
export function CallNotes({ callId, notes }: { callId: string; notes: string | null }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(notes ?? "");
  const update = useUpdateCallNotes();

  function open() {
    setDraft(notes ?? "");
    setEditing(true);
  }

  function save() {
    update.mutate(
      { id: callId, notes: draft },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: "Notes saved" });
        },
        onError: (error) => toastError("Save Error", error),
      },
    );
  }

  return (
    <>
      <UnstyledButton onClick={open} aria-label={notes ? `Edit notes: ${notes}` : "Add notes"}>
        <Text size="sm" c={notes ? undefined : "dimmed"} lineClamp={2} maw={180}>
          {notes || "Add notes"}
        </Text>
      </UnstyledButton>
      <Modal
        closeButtonProps={{ "aria-label": "Close dialog" }}
        opened={editing}
        onClose={() => setEditing(false)}
        title="Call Notes"
      >
        <Stack>
          <Textarea
            label="Notes"
            autosize
            minRows={3}
            maxRows={10}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button onClick={save} loading={update.isPending}>
              Save Notes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
