import { Button, Group, Modal, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { useReturnFocus } from "../../lib/use-return-focus";

interface AdminFormModalProps {
  title: string;
  submitLabel: string;
  /** The save is under way: the submit button spins. */
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}

/** The admin area's add/edit dialog: the fields, then Cancel and the submit button. */
export function AdminFormModal({
  title,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  children,
}: AdminFormModalProps) {
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ "aria-label": "Close dialog" }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
