import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The parts of a query (TanStack Query's result) its states are read from. */
interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

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

/** A spinner with what is loading ("Loading phone numbers..."). */
export function Loading({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Group>
        <Loader size="sm" />
        <Text>{text}</Text>
      </Group>
    </Center>
  );
}

/** A list with nothing in it yet: a heading and a line on why, or what to do. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      </Stack>
    </Card>
  );
}

/** Where a query failed (no retry: a table that shows itself while it loads); nothing otherwise. */
export function QueryError({ query, title }: { query: Pick<QueryLike<unknown>, "error">; title: string }) {
  if (!query.error) return null;
  return (
    <Alert color="red" title={title}>
      {query.error.message}
    </Alert>
  );
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What is loading, said beside the spinner ("Loading phone numbers..."). */
  loadingText: string;
  /** The error's title ("Error loading phone numbers"); the message is the error's own. */
  errorTitle: string;
  /** The error's message when it is not the error's own (say, for a 401). */
  errorMessage?: (error: Error) => ReactNode;
  /** Whether the answer has nothing to show, and what is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A query's three states before its data: loading, failed (with Try Again), or empty. */
export function QueryState<T>({
  query,
  loadingText,
  errorTitle,
  errorMessage = (error) => error.message,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isError && query.error) {
    return (
      <LoadError
        title={errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.isPending || query.data === undefined) return <Loading text={loadingText} />;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
