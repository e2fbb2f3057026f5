import { Badge, Button, Group, Modal, Select, Stack, TagsInput, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { toast, toastError } from "../../ui/toast";
import { useTagCall, useTagChoices } from "./hooks";

/** A call's tags and disposition, with a dialog to change them (PUT /api/calls/:id/tags). */
export function CallTags({
  callId,
  tags,
  disposition,
  onSaved,
}: {
  callId: string;
  tags: string[];
  disposition: string | null;
  /** Told the saved tags and disposition (the softphone keeps them; the history reads them again). */
  onSaved?: (saved: { tags: string[]; disposition: string | null }) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draftTags, setDraftTags] = useState(tags);
  const [draftDisposition, setDraftDisposition] = useState(disposition);
  const choices = useTagChoices(editing);
  const update = useTagCall();
  const labels = [...tags, ...(disposition ? [disposition] : [])];

  function open() {
    setDraftTags(tags);
    setDraftDisposition(disposition);
    setEditing(true);
  }

  function save() {
    update.mutate(
      { id: callId, tags: draftTags, disposition: draftDisposition },
      {
        onSuccess: (saved) => {
          setEditing(false);
          onSaved?.(saved);
          toast({ title: "Tags saved" });
        },
        onError: (error) => toastError("Save Error", error),
      },
    );
  }

  return (
    <>
      <UnstyledButton
        onClick={open}
        aria-label={labels.length ? `Edit tags: ${labels.join(", ")}` : "Add tags"}
      >
        {labels.length ? (
          <Group gap={4} maw={180}>
            {tags.map((tag) => (
              <Badge key={tag} size="sm" variant="light" c="dark.9">
                {tag}
              </Badge>
            ))}
            {disposition ? (
              <Badge size="sm" variant="outline" c="dark.9">
                {disposition}
              </Badge>
            ) : null}
          </Group>
        ) : (
          <Badge size="sm" variant="transparent" c="dimmed">
            Add tags
          </Badge>
        )}
      </UnstyledButton>
      <Modal
        closeButtonProps={{ "aria-label": "Close dialog" }}
        opened={editing}
        onClose={() => setEditing(false)}
        title="Tags and Disposition"
      >
        <Stack>
          <TagsInput
            label="Tags"
            data={choices.tags}
            value={draftTags}
            onChange={setDraftTags}
            data-autofocus
          />
          <Select
            label="Disposition"
            data={choices.dispositions}
            value={draftDisposition}
            onChange={setDraftDisposition}
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button onClick={save} loading={update.isPending}>
              Save Tags
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
