import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { type ConversationKey, messagesApi, type SendMessageInput } from "../../api/messages";

/**
 * Server state of the Messages screen. Every key starts with "messages": the console's live
 * connection invalidates that prefix when a text arrives or a delivery status moves, and the
 * open lists and thread refetch.
 */
export const messageKeys = {
  all: ["messages"] as const,
  conversations: (q: string, assignee = "") => ["messages", "conversations", q, assignee] as const,
  thread: (key: ConversationKey) => ["messages", "thread", key.ourNumber, key.peerNumber] as const,
  unread: ["messages", "unread"] as const,
  senders: ["messages", "senders"] as const,
};

const CONVERSATION_PAGE = 50;
const FRESH_MS = 15_000;

function useMessagesApi() {
  const api = useApi();
  return useMemo(() => messagesApi(api), [api]);
}

/** `assignee`: the shared inbox's filter, "unassigned" or a member's id ("" for all). */
export function useConversations(q: string, assignee = "") {
  const api = useMessagesApi();
  const query = useInfiniteQuery({
    queryKey: messageKeys.conversations(q, assignee),
    queryFn: ({ pageParam, signal }) =>
      api.conversations(
        { q: q || undefined, assignee: assignee || undefined, limit: CONVERSATION_PAGE, offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((n, page) => n + page.conversations.length, 0) : undefined,
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
  const conversations = useMemo(
    () => query.data?.pages.flatMap((page) => page.conversations) ?? [],
    [query.data],
  );
  return { ...query, conversations };
}

/** A conversation's texts, oldest first; older pages load on demand. */
export function useThread(key: ConversationKey | null) {
  const api = useMessagesApi();
  const query = useInfiniteQuery({
    queryKey: key ? messageKeys.thread(key) : ["messages", "thread", "none"],
    queryFn: ({ pageParam, signal }) =>
      api.thread(
        { ourNumber: key?.ourNumber ?? "", peerNumber: key?.peerNumber ?? "", before: pageParam },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
    enabled: key !== null,
    staleTime: FRESH_MS,
  });
  const messages = useMemo(
    () => (query.data ? [...query.data.pages].reverse().flatMap((page) => page.messages) : []),
    [query.data],
  );
  return { ...query, thread: query.data?.pages[0] ?? null, messages };
}

export function useSenders() {
  const api = useMessagesApi();
  return useQuery({
    queryKey: messageKeys.senders,
    queryFn: ({ signal }) => api.senders(signal),
    staleTime: 60_000,
  });
}

/** Contacts whose name or number matches, to pick a recipient. */
export function useContactSearch(q: string) {
  const api = useMessagesApi();
  return useQuery({
    queryKey: ["contacts", "pick", q],
    queryFn: ({ signal }) => api.contacts({ q: q || undefined, limit: 8 }, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
}

export function useMarkRead() {
  const api = useMessagesApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.markRead,
    onSuccess: async (result) => {
      if (result.marked === 0) return;
      await Promise.all([
        client.invalidateQueries({ queryKey: messageKeys.all }),
        client.invalidateQueries({ queryKey: ["unread"] }),
      ]);
    },
  });
}

export function useSendMessage() {
  const api = useMessagesApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageInput) => api.send(body),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: messageKeys.all }),
        client.invalidateQueries({ queryKey: ["contacts"] }),
      ]);
    },
  });
}
