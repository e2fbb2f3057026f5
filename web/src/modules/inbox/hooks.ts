import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api/context";
import { type ConversationKey, inboxApi } from "../../api/inbox";

/**
 * Server state of the shared inbox. Keys start with "inbox": the live connection invalidates
 * them when someone assigns, resolves or writes a note, and the bell on a new entry.
 */
export const inboxKeys = {
  all: ["inbox"] as const,
  members: ["inbox", "members"] as const,
  conversation: (key: ConversationKey) => ["inbox", "conversation", key.ourNumber, key.peerNumber] as const,
  notes: (key: ConversationKey) => ["inbox", "notes", key.ourNumber, key.peerNumber] as const,
  callNotes: (callId: string) => ["inbox", "call-notes", callId] as const,
  roundRobin: ["inbox", "round-robin"] as const,
  bell: ["inbox", "bell"] as const,
};

export function useInboxApi() {
  const api = useApi();
  return useMemo(() => inboxApi(api), [api]);
}

export function useMembers() {
  const api = useInboxApi();
  return useQuery({
    queryKey: inboxKeys.members,
    queryFn: ({ signal }) => api.members(signal),
    staleTime: 60_000,
  });
}

export function useConversationState(key: ConversationKey) {
  const api = useInboxApi();
  return useQuery({
    queryKey: inboxKeys.conversation(key),
    queryFn: ({ signal }) => api.conversation(key, signal),
  });
}

/** After a change: the inbox's queries and the lists that show assignees refetch. */
function useRefetchInbox() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    void queryClient.invalidateQueries({ queryKey: ["messages"] });
    void queryClient.invalidateQueries({ queryKey: ["voicemails"] });
  };
}

export function useAssignConversation(key: ConversationKey) {
  const api = useInboxApi();
  const refetch = useRefetchInbox();
  return useMutation({
    mutationFn: (assigneeId: string | null) => api.assignConversation({ ...key, assigneeId }),
    onSuccess: refetch,
  });
}

export function useResolveConversation(key: ConversationKey) {
  const api = useInboxApi();
  const refetch = useRefetchInbox();
  return useMutation({
    mutationFn: (resolved: boolean) => api.resolveConversation({ ...key, resolved }),
    onSuccess: refetch,
  });
}

/** What internal notes are on: a conversation, or a call of the call history. */
export type NoteSubject = { conversation: ConversationKey } | { callId: string };

/** The notes on a conversation or a call. */
export function useNotes(subject: NoteSubject) {
  const api = useInboxApi();
  return useQuery({
    queryKey:
      "callId" in subject ? inboxKeys.callNotes(subject.callId) : inboxKeys.notes(subject.conversation),
    queryFn: ({ signal }) =>
      "callId" in subject
        ? api.callNotes(subject.callId, signal)
        : api.conversationNotes(subject.conversation, signal),
  });
}

export function useAddNote(subject: NoteSubject) {
  const api = useInboxApi();
  const refetch = useRefetchInbox();
  return useMutation({
    mutationFn: (body: string) =>
      "callId" in subject
        ? api.addCallNote(subject.callId, body)
        : api.addConversationNote({ ...subject.conversation, body }),
    onSuccess: refetch,
  });
}

export function useRoundRobin() {
  const api = useInboxApi();
  return useQuery({ queryKey: inboxKeys.roundRobin, queryFn: ({ signal }) => api.roundRobin(signal) });
}

export function useSetRoundRobin() {
  const api = useInboxApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => api.setRoundRobin(id, enabled),
    onSuccess: (answer) => queryClient.setQueryData(inboxKeys.roundRobin, answer),
  });
}

export function useAssignVoicemail() {
  const api = useInboxApi();
  const refetch = useRefetchInbox();
  return useMutation({
    mutationFn: ({ id, assigneeId }: { id: string; assigneeId: string | null }) =>
      api.assignVoicemail(id, assigneeId),
    onSuccess: refetch,
  });
}

export function useResolveVoicemail() {
  const api = useInboxApi();
  const refetch = useRefetchInbox();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) => api.resolveVoicemail(id, resolved),
    onSuccess: refetch,
  });
}

export function useBell() {
  const api = useInboxApi();
  return useQuery({ queryKey: inboxKeys.bell, queryFn: ({ signal }) => api.notifications(signal) });
}

export function useMarkBellRead() {
  const api = useInboxApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.markNotificationsRead(ids),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.bell }),
  });
}

/** At most one "is writing" signal every few seconds while the person types. */
const TYPING_EVERY_MS = 3000;

export function useTypingSignal(key: ConversationKey) {
  const api = useInboxApi();
  return useMemo(() => {
    let last = 0;
    return () => {
      const now = Date.now();
      if (now - last < TYPING_EVERY_MS) return;
      last = now;
      api.typing(key).catch(() => {
        // Best effort: a lost signal only hides the indicator a moment.
      });
    };
  }, [api, key]);
}
