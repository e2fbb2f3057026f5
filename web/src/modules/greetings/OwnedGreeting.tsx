import { Button, Group, Stack, Textarea } from "@mantine/core";
import { GREETING_LIMITS, GREETING_SLOT_LABELS } from "@poundline/contracts/greetings/schemas";
import { IVR_DEFAULTS } from "@poundline/contracts/ivr/schemas";
import { BUILT_IN_GREETINGS } from "@poundline/domain/greeting";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { Greeting, GreetingTarget } from "../../api/greetings";
import { toast, toastError } from "../../ui/toast";
import { GreetingEditor } from "./GreetingEditor";
import { useGreetingMutation, useGreetings, useGreetingsApi } from "./hooks";
import { type VoiceLanguage, VoiceLanguageSelect } from "./VoiceLanguageSelect";

type OwnedTarget = Exclude<GreetingTarget, { type: "ivr_menu" }>;

const matches = (greeting: Greeting, target: OwnedTarget) =>
  target.type === "number"
    ? greeting.numberId === target.numberId && greeting.slot === target.slot
    : greeting.extensionId === target.extensionId;

/** A number's or an extension's greeting, saved on its own (not with the routing or the extension's form). */
export function OwnedGreeting({
  target,
  label,
  description,
  fallback,
}: {
  target: OwnedTarget;
  label: string;
  description?: string;
  fallback?: string;
}) {
  const api = useGreetingsApi();
  const greetings = useGreetings();
  const current = greetings.data?.items.find((g) => matches(g, target)) ?? null;
  const saveText = useGreetingMutation((body: { text: string } & VoiceLanguage) => api.setText(target, body));
  const upload = useGreetingMutation((file: Blob) => api.upload(target, file));
  const remove = useGreetingMutation(() => api.remove(target));
  const [text, setText] = useState<string | null>(null);
  const [voice, setVoice] = useState<VoiceLanguage | null>(null);
  const words = text ?? (current?.kind === "tts" ? (current.text ?? "") : "");
  const spoken = voice ?? {
    voice: current?.voice ?? IVR_DEFAULTS.greetingVoice,
    language: current?.language ?? IVR_DEFAULTS.greetingLanguage,
  };
  const refused = saveText.isError && isRefusal(saveText.error) ? saveText.error.fields : {};

  const tts = (
    <Stack gap="xs">
      <Textarea
        label="Greeting text"
        aria-label={`${label}: greeting text`}
        autosize
        minRows={2}
        maxLength={GREETING_LIMITS.text}
        value={words}
        onChange={(event) => setText(event.currentTarget.value)}
        error={refused["body.text"]?.[0]}
      />
      <VoiceLanguageSelect
        value={spoken}
        onChange={setVoice}
        errors={{ voice: refused["body.voice"]?.[0], language: refused["body.language"]?.[0] }}
      />
      <Group justify="flex-end">
        <Button
          type="button"
          loading={saveText.isPending}
          onClick={() =>
            saveText.mutate(
              { text: words, ...spoken },
              {
                onSuccess: () => {
                  setText(null);
                  toast({
                    title: "Greeting Saved",
                    description: `${label}: callers hear it from the next call.`,
                  });
                },
                onError: (error) => toastError("Save Error", error),
              },
            )
          }
        >
          Save greeting text
        </Button>
      </Group>
    </Stack>
  );

  return (
    <GreetingEditor
      label={label}
      {...(description ? { description } : {})}
      {...(fallback ? { fallback } : {})}
      current={
        current ? { audioUrl: current.kind === "audio" ? current.audioUrl : null, text: current.text } : null
      }
      tts={tts}
      uploading={upload.isPending}
      onUpload={(file) =>
        upload.mutate(file, {
          onSuccess: () =>
            toast({ title: "Recording Saved", description: `${label}: callers hear it from the next call.` }),
          onError: (error) => toastError("Upload Error", error),
        })
      }
      phoneTarget={target}
      removing={remove.isPending}
      onRemove={() =>
        remove.mutate(undefined, {
          onSuccess: () => toast({ title: "Greeting Removed", description: label }),
          onError: (error) => toastError("Remove Error", error),
        })
      }
    />
  );
}

/** A number's greetings (its routing page): voicemail, and after hours. */
export function NumberGreetings({ numberId }: { numberId: string }) {
  return (
    <Stack>
      <OwnedGreeting
        target={{ type: "number", numberId, slot: "voicemail" }}
        label={GREETING_SLOT_LABELS.voicemail}
        description="What callers hear before they leave a message."
        fallback={BUILT_IN_GREETINGS.voicemail}
      />
      <OwnedGreeting
        target={{ type: "number", numberId, slot: "after_hours" }}
        label={GREETING_SLOT_LABELS.after_hours}
        description="Played outside business hours, before the after-hours destination."
      />
    </Stack>
  );
}

/** An extension's voicemail greeting (its editor). */
export function ExtensionGreeting({ extensionId, name }: { extensionId: string; name: string }) {
  return (
    <OwnedGreeting
      target={{ type: "extension", extensionId }}
      label={GREETING_SLOT_LABELS.voicemail}
      description="What callers hear before they leave this extension a message."
      fallback={BUILT_IN_GREETINGS.extensionVoicemail(name)}
    />
  );
}
