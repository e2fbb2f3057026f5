import { Autocomplete, Button, Group, Modal, Select, Stack, Textarea } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { MESSAGE_LIMITS, sendMessageBodySchema } from "@poundline/contracts/messages/schemas";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { ApiError } from "../../api/errors";
import { formatPhone } from "../../ui/format";
import { toastError } from "../../ui/toast";
import { type ConversationKey, toE164 } from "./format";
import { useContactSearch, useSenders, useSendMessage } from "./hooks";

interface NewMessageModalProps {
  opened: boolean;
  onClose: () => void;
  /** The conversation the sent text belongs to. */
  onSent: (key: ConversationKey) => void;
}

type Errors = Partial<Record<"from" | "to" | "body", string>>;

/** The number typed, or the one of the contact picked ("Name — (305) 555-0100"), in E.164 when it reads as one. */
function recipientOf(to: string): string {
  const picked = /—\s*(\+?[\d\s().-]+)$/.exec(to);
  const typed = picked?.[1] ?? to;
  return toE164(typed) ?? typed.trim();
}

/** The first message of each field the schema refused. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const found: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof Errors;
    found[field] ??= issue.message;
  }
  return found;
}

/** The contacts matching what is typed in To: "Name — (305) 555-0100" picks the contact's number. */
function useContactOptions(to: string) {
  const [q] = useDebouncedValue(to.trim(), 250);
  const contacts = useContactSearch(q);
  return useMemo(
    () =>
      (contacts.data?.contacts ?? []).map((c) => ({
        value: `${c.name} — ${c.phone}`,
        label: `${c.name} — ${formatPhone(c.phone)}`,
      })),
    [contacts.data],
  );
}

const senderLabel = (n: { e164: string; friendlyName: string | null }) =>
  n.friendlyName ? `${n.friendlyName} — ${formatPhone(n.e164)}` : formatPhone(n.e164);

/** New Message: pick a contact or type a number, choose which of the account's numbers sends. */
export function NewMessageModal({ opened, onClose, onSent }: NewMessageModalProps) {
  const senders = useSenders();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const options = useContactOptions(to);
  const send = useSendMessage();

  const numbers = senders.data?.numbers ?? [];
  useEffect(() => {
    if (!from && numbers[0]) setFrom(numbers[0].e164);
  }, [from, numbers]);

  function reset() {
    setTo("");
    setBody("");
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const candidate = { from: from ?? "", to: recipientOf(to), body };
    const checked = sendMessageBodySchema.safeParse(candidate);
    if (!checked.success) {
      setErrors(errorsOf(checked.error.issues));
      return;
    }
    try {
      await send.mutateAsync(checked.data);
      onSent({ ourNumber: checked.data.from, peerNumber: checked.data.to });
      reset();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setErrors({ from: err.fields.from?.[0], to: err.fields.to?.[0], body: err.fields.body?.[0] });
      }
      toastError("Message not sent", err as Error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New Message">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="From"
            placeholder={senders.isPending ? "Loading..." : "Choose a number"}
            data={numbers.map((n) => ({ value: n.e164, label: senderLabel(n) }))}
            value={from}
            onChange={setFrom}
            error={errors.from}
            nothingFoundMessage="No number of this account can send texts"
            allowDeselect={false}
            required
          />
          <Autocomplete
            label="To"
            placeholder="Contact name or phone number"
            data={options}
            value={to}
            onChange={(value) => {
              setTo(value);
              setErrors((e) => ({ ...e, to: undefined }));
            }}
            error={errors.to}
            required
          />
          <Textarea
            label="Message"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MESSAGE_LIMITS.body}
            value={body}
            onChange={(event) => {
              setBody(event.currentTarget.value);
              setErrors((e) => ({ ...e, body: undefined }));
            }}
            error={errors.body}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
