import { Group, Text } from "@mantine/core";
import { type PresenceState, presenceLabels } from "@poundline/domain/presence";

/** The dot's colour per state; the label beside it says the same in words. */
export const presenceColors: Record<PresenceState, string> = {
  available: "green.7",
  on_call: "blue.7",
  do_not_disturb: "red.7",
  away: "yellow.7",
  offline: "gray.6",
};

/** A member's live state: a dot and its name (never the colour alone). */
export function PresenceBadge({ state }: { state: PresenceState }) {
  const color = presenceColors[state].replace(".", "-");
  return (
    <Group gap={6} wrap="nowrap" data-testid="presence" data-state={state}>
      <span
        aria-hidden
        style={{
          width: 8,
          height: 8,
          borderRadius: "50%",
          flex: "none",
          background: `var(--mantine-color-${color})`,
        }}
      />
      <Text size="sm" c="gray.8" span>
        {presenceLabels[state]}
      </Text>
    </Group>
  );
}
