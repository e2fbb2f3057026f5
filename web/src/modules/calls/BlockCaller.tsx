import { Badge, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { isWithheldCaller } from "@poundline/domain/call-blocking";
import { useState } from "react";
import type { CallLog } from "../../api/calls";
import { ApiError } from "../../api/errors";
import { useCan } from "../../app/session";
import { formatPhone } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useCallBlocking, useCallBlockingApi, useCallBlockingMutation } from "../call-blocking/hooks";

/**
 * "Block this caller" on an inbound call, for roles allowed to change the block list; a withheld
 * caller has no number to block, and a number already on the list says so instead.
 */
export function BlockCaller({ call }: { call: CallLog }) {
  const canBlock = useCan("calls.block");
  if (!canBlock || call.direction !== "inbound" || isWithheldCaller(call.fromNumber)) return null;
  return <BlockCallerButton number={call.fromNumber} />;
}

function BlockCallerButton({ number }: { number: string }) {
  const [confirming, setConfirming] = useState(false);
  const blocking = useCallBlocking();
  const api = useCallBlockingApi();
  const add = useCallBlockingMutation((value: string) => api.add({ kind: "number", value, note: "" }));
  const blocked = blocking.data?.entries.some((entry) => entry.kind === "number" && entry.value === number);
  if (blocked)
    return (
      <Badge size="sm" color="orange" variant="light" c="dark.9">
        Blocked
      </Badge>
    );

  function block() {
    add.mutate(number, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: "Caller Blocked", description: `${formatPhone(number)} is blocked.` });
      },
      onError: (error) => {
        setConfirming(false);
        // 409: someone blocked it meanwhile; the list read again shows it.
        if (error instanceof ApiError && error.status === 409)
          toast({ title: "Already Blocked", description: `${formatPhone(number)} is already blocked.` });
        else toastError("Not Blocked", error);
      },
    });
  }

  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        onClick={() => setConfirming(true)}
        aria-label={`Block ${formatPhone(number)}`}
      >
        Block
      </Button>
      <Modal
        closeButtonProps={{ "aria-label": "Close dialog" }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Block this caller?"
      >
        <Stack>
          <Text size="sm">
            Calls from {formatPhone(number)} will follow the rule for blocked numbers on the Call Routing
            page. You can unblock the number there.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={block} loading={add.isPending} data-autofocus>
              Block Caller
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
