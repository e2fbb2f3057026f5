import { ActionIcon, Group, Textarea } from "@mantine/core";
import { MESSAGE_LIMITS } from "@poundline/contracts/messages/schemas";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { sendsOnKey } from "./format";

interface ComposerProps {
  disabled?: boolean;
  sending: boolean;
  /** Resolves true when sent (the text is then cleared). */
  onSend: (body: string) => Promise<boolean>;
  /** Called on each keystroke: the team hears that someone is writing (throttled by the caller). */
  onTyping?: () => void;
}

/** The message box: Enter sends, Shift+Enter inserts a new line. */
export function Composer({ disabled = false, sending, onSend, onTyping }: ComposerProps) {
  const [body, setBody] = useState("");
  const empty = body.trim().length === 0;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (empty || sending || disabled) return;
    if (await onSend(body)) setBody("");
  }

  return (
    <form onSubmit={submit} aria-label="Send a message">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          aria-label="Message"
          placeholder={disabled ? "Sending is not possible" : "Type a message..."}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={MESSAGE_LIMITS.body}
          style={{ flex: 1 }}
          value={body}
          disabled={disabled}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (event.currentTarget.value) onTyping?.();
          }}
          onKeyDown={(event) => {
            if (
              sendsOnKey({
                key: event.key,
                shiftKey: event.shiftKey,
                isComposing: event.nativeEvent.isComposing,
              })
            ) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <ActionIcon type="submit" size="lg" aria-label="Send" loading={sending} disabled={disabled || empty}>
          <Send size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}
