import { ActionIcon, Group, Textarea } from "@mantine/core";
import { MESSAGE_LIMITS } from "@poundline/contracts/messages/schemas";
import type { TemplateValues } from "@poundline/domain/automations";
import { Send } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { TemplateMenu } from "../automations/TemplateMenu";
import { sendsOnKey } from "./format";

interface ComposerProps {
  disabled?: boolean;
  sending: boolean;
  /** Resolves true when sent (the text is then cleared). */
  onSend: (body: string) => Promise<boolean>;
  /** Called on each keystroke: the team hears that someone is writing (throttled by the caller). */
  onTyping?: () => void;
  /** What a template's variables are filled with; no template menu without it. */
  templateValues?: TemplateValues;
  /** Extra controls beside Send (Send later), given the text typed. */
  extra?: (body: string, clear: () => void) => ReactNode;
}

/** The message box: Enter sends, Shift+Enter inserts a new line. */
export function Composer({
  disabled = false,
  sending,
  onSend,
  onTyping,
  templateValues,
  extra,
}: ComposerProps) {
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
        {templateValues && !disabled ? (
          <TemplateMenu
            values={templateValues}
            onInsert={(text) => setBody((typed) => (typed ? `${typed} ${text}` : text))}
          />
        ) : null}
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
        {extra && !disabled ? extra(body, () => setBody("")) : null}
        <ActionIcon type="submit" size="lg" aria-label="Send" loading={sending} disabled={disabled || empty}>
          <Send size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}
