import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  FileButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import {
  replyBodySchema,
  SUPPORT_LIMITS,
  TICKET_ACCESS_DENIED_MESSAGE,
} from "@poundline/contracts/support/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Paperclip } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, isRefusal } from "../../api/errors";
import { attachmentUrl, type TicketDetail, type TicketSide } from "../../api/support";
import { useSchemaForm } from "../../lib/schema-form";
import { useFormat } from "../../ui/time-zone";
import { toast, toastError } from "../../ui/toast";
import { consoleKeys } from "../console/queries";
import { formatSize, PriorityBadge, StatusBadge } from "./format";
import { useAttach, useSupportApi, useTicket, useTicketChange } from "./hooks";
import { ticketListPath } from "./paths";

const ACCEPTED_FILES = "image/png,image/jpeg,image/gif,image/webp,application/pdf";

interface TicketViewProps {
  side: TicketSide;
  ticketId: string;
}

/**
 * Seed 001's ticket detail, for the customer and for support: the ticket, its attachments, the
 * replies oldest first and the reply form; support closes (after confirming), the owner reopens
 * within 14 days. A ticket that is not the person's sends them back to their list.
 */
export function TicketView({ side, ticketId }: TicketViewProps) {
  const navigate = useNavigate();
  const ticket = useTicket(side, ticketId);
  const error = ticket.error;
  const denied = error instanceof ApiError && (error.status === 404 || error.status === 403);
  // Once per failure: React's development double effects (and a re-render before the navigation
  // lands) would otherwise tell it twice.
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (!error || told.current === error) return;
    told.current = error;
    if (denied) {
      toastError("Access Denied", TICKET_ACCESS_DENIED_MESSAGE);
      navigate(ticketListPath(side), { replace: true });
    } else toastError("Error fetching ticket", error);
  }, [error, denied, navigate, side]);
  // The owner reading the ticket marked support's replies read: the bell counts again.
  const client = useQueryClient();
  const readAt = ticket.dataUpdatedAt;
  useEffect(() => {
    if (side === "customer" && readAt) void client.invalidateQueries({ queryKey: consoleKeys.unread });
  }, [side, readAt, client]);

  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to={ticketListPath(side)}
          variant="subtle"
          leftSection={<ArrowLeft size={16} aria-hidden />}
        >
          Back to Tickets
        </Button>
      </Group>
      {ticket.data ? (
        <TicketBody side={side} ticket={ticket.data} />
      ) : ticket.isPending ? (
        <Center py="xl">
          <Group>
            <Loader size="sm" />
            <Text>Loading ticket...</Text>
          </Group>
        </Center>
      ) : denied ? null : (
        <Alert color="red" title="Error fetching ticket" role="alert">
          <Group justify="space-between">
            <Text size="sm">{error?.message}</Text>
            <Button color="red.9" onClick={() => ticket.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

function TicketBody({ side, ticket }: { side: TicketSide; ticket: TicketDetail }) {
  const { dateTime: formatWhen } = useFormat();
  const closed = ticket.status === "closed";
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Title order={1}>{ticket.subject}</Title>
          <Group gap="xs">
            <StatusBadge side={side} status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            <Text size="sm" c="dimmed">
              Opened {formatWhen(ticket.createdAt)}
              {side === "support"
                ? ` by ${ticket.user?.email ?? "a deleted user"} (${ticket.companyName})`
                : ""}
            </Text>
          </Group>
        </Stack>
        {side === "support" && !closed ? <CloseTicket ticketId={ticket.id} /> : null}
      </Group>

      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Description
        </Title>
        <Text style={{ whiteSpace: "pre-wrap" }}>{ticket.description}</Text>
      </Card>

      <Attachments side={side} ticket={ticket} />

      <Stack gap="sm">
        <Title order={2} size="h4">
          Replies
        </Title>
        {ticket.replies.length === 0 ? (
          <Text c="dimmed">No replies yet.</Text>
        ) : (
          ticket.replies.map((reply) => (
            <Paper
              key={reply.id}
              withBorder
              p="md"
              bg={reply.isAdminReply ? "var(--mantine-color-blue-light)" : undefined}
            >
              <Group justify="space-between" mb={4}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {reply.user?.firstName ||
                      reply.user?.email ||
                      (reply.isAdminReply ? "Support" : "Customer")}
                  </Text>
                  {reply.isAdminReply ? (
                    <Badge size="sm" color="blue.8">
                      Support
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatWhen(reply.createdAt)}
                </Text>
              </Group>
              <Text style={{ whiteSpace: "pre-wrap" }}>{reply.message}</Text>
            </Paper>
          ))
        )}
      </Stack>

      {closed ? <ClosedNotice side={side} ticket={ticket} /> : <ReplyForm side={side} ticketId={ticket.id} />}
    </Stack>
  );
}

function ReplyForm({ side, ticketId }: { side: TicketSide; ticketId: string }) {
  const api = useSupportApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: replyBodySchema,
    initialValues: { message: "" },
  });
  const send = useTicketChange(side, ticketId, (message: string) => api.reply(side, ticketId, { message }));
  const submit = onSubmit(
    (body) =>
      send.mutate(body.message, {
        onSuccess: () => {
          form.reset();
          toast({ title: "Reply Sent" });
        },
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Error submitting reply", error);
        },
      }),
    (errors) => toastError("Error submitting reply", Object.values(errors)[0]),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label="Your Reply"
            autosize
            minRows={3}
            maxLength={SUPPORT_LIMITS.reply}
            {...form.getInputProps("message")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send Reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ClosedNotice({ side, ticket }: { side: TicketSide; ticket: TicketDetail }) {
  const { dateTime: formatWhen } = useFormat();
  const api = useSupportApi();
  const reopen = useTicketChange("customer", ticket.id, () => api.reopen(ticket.id));
  const until = ticket.reopenableUntil;
  const canReopen = side === "customer" && until !== null && new Date(until).getTime() > Date.now();
  return (
    <Alert color="gray" title="This ticket is closed." role="status">
      <Stack gap="sm">
        <Text size="sm">
          {side === "support"
            ? "Closed tickets accept no replies. The customer may reopen it within 14 days."
            : canReopen
              ? `Closed tickets accept no replies. You can reopen it until ${formatWhen(until)}.`
              : "Closed tickets accept no replies. Please open a new ticket if you still need help."}
        </Text>
        {canReopen ? (
          <Group>
            <Button
              loading={reopen.isPending}
              onClick={() =>
                reopen.mutate(undefined, {
                  onSuccess: () => toast({ title: "Ticket Reopened" }),
                  onError: (error) => toastError("Error updating ticket status", error),
                })
              }
            >
              Reopen Ticket
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Seed 001: only an admin closes, after a confirm prompt. */
function CloseTicket({ ticketId }: { ticketId: string }) {
  const api = useSupportApi();
  const [confirming, setConfirming] = useState(false);
  const close = useTicketChange("support", ticketId, () => api.close(ticketId));
  return (
    <>
      <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
        Close Ticket
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Close this ticket?"
        closeButtonProps={{ "aria-label": "Close dialog" }}
      >
        <Stack>
          <Text size="sm">
            A closed ticket accepts no replies. The customer can reopen it within 14 days.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red.9"
              loading={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({ title: "Ticket Closed" });
                  },
                  onError: (error) => toastError("Error closing ticket", error),
                })
              }
            >
              Confirm Close
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function Attachments({ side, ticket }: { side: TicketSide; ticket: TicketDetail }) {
  const { dateTime: formatWhen } = useFormat();
  const attach = useAttach(side, ticket.id);
  const closed = ticket.status === "closed";
  const onFile = (file: File | null) => {
    if (!file) return;
    if (file.size > SUPPORT_LIMITS.attachmentBytes) {
      toastError("Error uploading file", "Attachments must be 10 MB or smaller.");
      return;
    }
    attach.mutate(file, {
      onSuccess: (attachment) => toast({ title: "File Attached", description: attachment.fileName }),
      onError: (error) => toastError("Error uploading file", error),
    });
  };
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Attachments
        </Title>
        {closed ? null : (
          <FileButton onChange={onFile} accept={ACCEPTED_FILES}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                loading={attach.isPending}
                leftSection={<Paperclip size={14} aria-hidden />}
              >
                Attach File
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {ticket.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attachments. Images and PDF files up to 10 MB.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {ticket.attachments.map((file) => (
            <Group key={file.id} component="li" gap="xs">
              <Anchor href={attachmentUrl(side, ticket.id, file.id)} download={file.fileName}>
                {file.fileName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatSize(file.sizeBytes)}
                {file.fromSupport ? " · from support" : ""} · {formatWhen(file.createdAt)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
