import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useReturnFocus } from "./use-return-focus";

interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red confirm button: the action removes or takes away something. */
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation before an action that cannot simply be undone (console and admin area). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  useReturnFocus();
  return (
    <Modal opened onClose={onCancel} title={title} closeButtonProps={{ "aria-label": "Close dialog" }}>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color={danger ? "red.9" : undefined} onClick={onConfirm} loading={pending} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
