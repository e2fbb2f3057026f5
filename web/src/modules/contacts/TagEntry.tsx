import { Badge, Button, CloseButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { type KeyboardEvent, useState } from "react";
import { addTags, removeTag, suggestTags } from "./tags";

interface TagEntryProps {
  value: string[];
  onChange: (tags: string[]) => void;
  /** The account's tags, for the suggestions. */
  accountTags: readonly string[];
  error?: React.ReactNode;
}

/** Tags added by Enter, comma or Add Tag (trimmed, no duplicates), removable, with suggestions. */
export function TagEntry({ value, onChange, accountTags, error }: TagEntryProps) {
  const [typed, setTyped] = useState("");

  function commit(entry = typed) {
    onChange(addTags(value, entry));
    setTyped("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      commit();
    }
  }

  const suggestions = suggestTags(accountTags, value, typed);
  return (
    <Stack gap={6}>
      <Group align="end" gap="xs" wrap="nowrap">
        <TextInput
          label="Tags"
          placeholder="Type a tag and press Enter"
          value={typed}
          onChange={(event) => {
            const next = event.currentTarget.value;
            // A pasted "a, b, c" or a typed comma adds what comes before it.
            if (next.includes(",")) {
              const cut = next.lastIndexOf(",");
              onChange(addTags(value, next.slice(0, cut)));
              setTyped(next.slice(cut + 1));
            } else setTyped(next);
          }}
          onKeyDown={onKeyDown}
          error={error}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={() => commit()} disabled={!typed.trim()}>
          Add Tag
        </Button>
      </Group>
      {value.length > 0 ? (
        <Group gap={6} aria-label="Tags of this contact">
          {value.map((tag) => (
            <Badge
              key={tag}
              variant="light"
              color="gray"
              c="dark.9"
              pr={3}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(removeTag(value, tag))}
                />
              }
            >
              {tag}
            </Badge>
          ))}
        </Group>
      ) : null}
      {suggestions.length > 0 ? (
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            Suggestions:
          </Text>
          {suggestions.map((tag) => (
            <Button
              key={tag}
              size="compact-xs"
              variant="subtle"
              onClick={() => onChange(addTags(value, tag))}
            >
              + {tag}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
