import { Alert, Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

interface LoadErrorProps {
  /** The alert's title, e.g. "Error loading phone numbers". */
  title: string;
  message: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
}

/** A list or page that failed to load: what went wrong, and Try Again. */
export function LoadError({ title, message, onRetry, retrying }: LoadErrorProps) {
  return (
    <Alert color="red" title={title} role="alert">
      <Group justify="space-between">
        <Text size="sm">{message}</Text>
        <Button color="red.9" onClick={onRetry} loading={retrying}>
          Try Again
        </Button>
      </Group>
    </Alert>
  );
}
