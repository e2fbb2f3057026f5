import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CallRoom, callsApi, type PartyTarget } from "../../api/calls";
import { useApi } from "../../api/context";
import { ApiError } from "../../api/errors";

/**
 * A call's room on the softphone (the API's calls/rooms): holding the caller, calling a colleague
 * or a third party in, dropping one. The live socket's `call.room` events refetch it.
 */
export const roomKey = (callSid: string) => ["call-room", callSid] as const;

/** The call's room; null until the call is held or someone is called in (the API's 404). */
export function useCallRoom(callSid: string, enabled: boolean) {
  const api = callsApi(useApi());
  return useQuery({
    queryKey: roomKey(callSid),
    queryFn: async ({ signal }): Promise<CallRoom | null> => {
      try {
        return await api.room(callSid, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && Boolean(callSid),
  });
}

/** The room's changes answer with the room: it replaces what the console shows. */
function useRoomChange<Input>(callSid: string, change: (input: Input) => Promise<CallRoom>) {
  const queryClient = useQueryClient();
  return useMutation<CallRoom, ApiError, Input>({
    mutationFn: change,
    onSuccess: (room) => queryClient.setQueryData(roomKey(callSid), room),
  });
}

export function useHoldCall(callSid: string, legCallSid: string | undefined) {
  const api = callsApi(useApi());
  return useRoomChange(callSid, (held: boolean) => api.hold(callSid, legCallSid, held));
}

export function useAddParty(callSid: string, legCallSid: string | undefined) {
  const api = callsApi(useApi());
  return useRoomChange(callSid, (target: PartyTarget) => api.addParty(callSid, legCallSid, target));
}

export function useDropParty(callSid: string) {
  const api = callsApi(useApi());
  return useRoomChange(callSid, (partyCallSid: string) => api.dropParty(callSid, partyCallSid));
}
