import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { OPTED_OUT_MESSAGE } from "@poundline/contracts/messages/schemas";
import { Ban } from "lucide-react";
import { useEffect, useRef } from "react";
import { useSession } from "../../app/session";
import { dayOf, formatCalendarDay, formatPhone, previousDay } from "../../ui/format";
import { useAccountTimeZone } from "../../ui/time-zone";
import { toastError } from "../../ui/toast";
import { ScheduledTexts, SendLater } from "../automations/ScheduledTexts";
import { ConversationInbox } from "../inbox/ConversationInbox";
import { useTypingSignal } from "../inbox/hooks";
import { NotesPanel } from "../inbox/NotesPanel";
import { TypingIndicator } from "../inbox/TypingIndicator";
import { CallButton } from "../softphone/components/CallButton";
import { Composer } from "./Composer";
import { type ConversationKey, groupByDay } from "./format";
import { useMarkRead, useSendMessage, useThread } from "./hooks";
import { MessageBubble } from "./MessageBubble";
import classes from "./messages.module.css";

/** A day of the account's time zone as Today, Yesterday, or its date. */
function dayTitle(day: string, timeZone: string | undefined): string {
  const today = dayOf(new Date(), timeZone);
  if (day === today) return "Today";
  if (day === previousDay(today)) return "Yesterday";
  return formatCalendarDay(day);
}

/** One conversation: its texts (newest at the bottom), older ones on demand, and the composer. */
export function ThreadView({ conversation }: { conversation: ConversationKey }) {
  const { thread, messages, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useThread(conversation);
  const markRead = useMarkRead();
  const timeZone = useAccountTimeZone();
  const send = useSendMessage();
  const { account, user } = useSession();
  const typing = useTypingSignal(conversation);
  const viewport = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;

  // Keep the newest text in view when the thread opens and when one arrives or is sent.
  useEffect(() => {
    if (newest && viewport.current) viewport.current.scrollTo({ top: viewport.current.scrollHeight });
  }, [newest]);

  // Opening a conversation (or a text arriving in the open one) marks its texts read.
  const newestUnread = messages.findLast((m) => m.direction === "inbound" && m.readAt === null)?.id;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (newestUnread) mark({ ourNumber: conversation.ourNumber, peerNumber: conversation.peerNumber });
  }, [newestUnread, conversation.ourNumber, conversation.peerNumber, mark]);

  async function onSend(body: string): Promise<boolean> {
    try {
      await send.mutateAsync({ from: conversation.ourNumber, to: conversation.peerNumber, body });
      return true;
    } catch (err) {
      toastError("Message not sent", err as Error);
      return false;
    }
  }

  const name = formatPhone(thread?.contactName ?? conversation.peerNumber);
  const optedOut = thread?.optedOut ?? false;

  return (
    <Stack gap={0} h="100%">
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Box>
          <Title order={2} size="h4">
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            {thread?.contactName ? `${formatPhone(conversation.peerNumber)} · ` : ""}via{" "}
            {formatPhone(conversation.ourNumber)}
          </Text>
        </Box>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {optedOut && (
            <Badge color="red.9" variant="filled" leftSection={<Ban size={12} aria-hidden />}>
              Opted out
            </Badge>
          )}
          <CallButton number={conversation.peerNumber} />
          <ConversationInbox conversation={conversation} />
        </Group>
      </Group>
      <Divider />
      <ScrollArea viewportRef={viewport} className={classes.scroll} type="auto">
        <Stack gap="xs" p="sm" aria-live="polite" aria-label="Messages">
          {hasNextPage && (
            <Center>
              <Button variant="subtle" size="xs" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
                Load earlier messages
              </Button>
            </Center>
          )}
          {isPending ? (
            <Center p="md">
              <Loader size="sm" role="status" aria-label="Loading messages" />
            </Center>
          ) : isError ? (
            <Text c="red" size="sm">
              {error.message}
            </Text>
          ) : messages.length === 0 ? (
            <Text c="dimmed" ta="center" p="md">
              No messages in this conversation yet
            </Text>
          ) : (
            groupByDay(messages, timeZone).map((group) => (
              <Stack key={group.day} gap="xs">
                <Divider label={dayTitle(group.day, timeZone)} labelPosition="center" />
                {group.messages.map((message) => (
                  <MessageBubble key={message.id} message={message} />
                ))}
              </Stack>
            ))
          )}
        </Stack>
      </ScrollArea>
      <Divider />
      <Stack gap="xs" p="sm">
        {optedOut && (
          <Alert
            color="red.9"
            variant="filled"
            title="This number has opted out"
            icon={<Ban size={16} aria-hidden />}
          >
            {OPTED_OUT_MESSAGE}
          </Alert>
        )}
        <TypingIndicator conversation={conversation} />
        <ScheduledTexts conversation={conversation} />
        <Composer
          disabled={optedOut}
          sending={send.isPending}
          onSend={onSend}
          onTyping={typing}
          templateValues={{
            business_name: account?.companyName ?? "",
            first_name: thread?.contactName?.split(" ")[0] ?? "",
            contact_name: thread?.contactName ?? "",
            number: conversation.ourNumber,
            agent_name: user?.firstName ?? "",
          }}
          extra={(body, clear) => <SendLater conversation={conversation} body={body} onScheduled={clear} />}
        />
        <NotesPanel subject={{ conversation }} />
      </Stack>
    </Stack>
  );
}
