import {
  Badge,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Search } from "lucide-react";
import { useState } from "react";
import type { Conversation } from "../../api/messages";
import { formatPhone } from "../../ui/format";
import { useFormat } from "../../ui/time-zone";
import { AssigneeFilterControl, useAssigneeFilter } from "../inbox/AssigneeFilterControl";
import { useMembers } from "../inbox/hooks";
import { type ConversationKey, sameConversation } from "./format";
import { useConversations } from "./hooks";
import classes from "./messages.module.css";

/** The inbox's search and assignee filter: kept by the page, so its export takes them too. */
export function useConversationFilters() {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter, assignee] = useAssigneeFilter();
  return { search, setSearch, q, filter, setFilter, assignee };
}

export type ConversationFilters = ReturnType<typeof useConversationFilters>;

interface ConversationListProps {
  selected: ConversationKey | null;
  onSelect: (key: ConversationKey) => void;
  filters: ConversationFilters;
}

function preview(conversation: Conversation): string {
  const last = conversation.lastMessage;
  const body = last.body || (last.numMedia > 0 ? "Picture message" : "");
  return last.direction === "outbound" ? `You: ${body}` : body;
}

/** "Assigned to Mia · Answered by Max · Resolved by Mia": the team's part in a conversation. */
function useTeamLine() {
  const { data: team } = useMembers();
  const nameOf = (id: string) => team?.members.find((member) => member.id === id)?.name ?? "a former member";
  return (conversation: Conversation) =>
    [
      conversation.assigneeId ? `Assigned to ${nameOf(conversation.assigneeId)}` : null,
      conversation.answeredById ? `Answered by ${nameOf(conversation.answeredById)}` : null,
      conversation.resolvedAt && conversation.resolvedById
        ? `Resolved by ${nameOf(conversation.resolvedById)}`
        : null,
    ]
      .filter(Boolean)
      .join(" · ");
}

/** The account's conversations, searched on the server, each with its unread badge. */
export function ConversationList({ selected, onSelect, filters }: ConversationListProps) {
  const { search, setSearch, q, filter, setFilter, assignee } = filters;
  // The time today, else the day: today as the account's clock reads it, not the browser's.
  const { relative: when } = useFormat();
  const { conversations, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useConversations(q, assignee ?? "");
  const teamLine = useTeamLine();

  return (
    <Stack gap="xs" h="100%">
      <TextInput
        aria-label="Search conversations"
        placeholder="Search conversations..."
        leftSection={<Search size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <AssigneeFilterControl value={filter} onChange={setFilter} label="Show conversations" />
      <ScrollArea className={classes.scroll} type="auto">
        {isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label="Loading conversations" />
          </Group>
        ) : isError ? (
          <Text c="red" size="sm" p="md">
            {error.message}
          </Text>
        ) : conversations.length === 0 ? (
          <Text c="dimmed" ta="center" p="md">
            No conversations found
          </Text>
        ) : (
          <Stack gap={0} component="ul" className={classes.list} aria-label="Conversations">
            {conversations.map((conversation) => {
              const key = { ourNumber: conversation.ourNumber, peerNumber: conversation.peerNumber };
              const active = sameConversation(selected, key);
              const name = formatPhone(conversation.contactName ?? conversation.peerNumber);
              return (
                <li key={`${key.ourNumber}|${key.peerNumber}`}>
                  <UnstyledButton
                    className={classes.conversation}
                    data-active={active || undefined}
                    aria-current={active ? "true" : undefined}
                    onClick={() => onSelect(key)}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={conversation.unreadCount > 0 ? 700 : 500} truncate>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {when(conversation.lastMessage.sentAt)}
                      </Text>
                    </Group>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" c="dimmed" truncate>
                        {preview(conversation)}
                      </Text>
                      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                        {conversation.resolvedAt && (
                          <Badge size="xs" color="green.9" variant="outline">
                            Resolved
                          </Badge>
                        )}
                        {conversation.optedOut && (
                          <Badge size="xs" color="gray.8" variant="outline">
                            Opted out
                          </Badge>
                        )}
                        {conversation.unreadCount > 0 && (
                          <Badge size="sm" circle aria-label={`${conversation.unreadCount} unread`}>
                            {conversation.unreadCount}
                          </Badge>
                        )}
                      </Group>
                    </Group>
                    {conversation.contactName && (
                      <Text size="xs" c="dimmed">
                        {formatPhone(conversation.peerNumber)} · to {formatPhone(conversation.ourNumber)}
                      </Text>
                    )}
                    {teamLine(conversation) && (
                      <Text size="xs" c="dimmed" truncate>
                        {teamLine(conversation)}
                      </Text>
                    )}
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )}
        {hasNextPage && (
          <Group justify="center" p="xs">
            <Button variant="subtle" size="xs" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
              Load more
            </Button>
          </Group>
        )}
      </ScrollArea>
    </Stack>
  );
}
