import { Button, SimpleGrid } from "@mantine/core";
import { KEYPAD_KEYS } from "../format";

/** The twelve keys of a phone; each press is handed on (to the number typed, or as a tone in a call). */
export function Keypad({ onPress, label }: { onPress: (key: string) => void; label: string }) {
  return (
    <SimpleGrid cols={3} spacing="xs" role="group" aria-label={label}>
      {KEYPAD_KEYS.map((key) => (
        <Button key={key} variant="default" size="md" onClick={() => onPress(key)} aria-label={`Key ${key}`}>
          {key}
        </Button>
      ))}
    </SimpleGrid>
  );
}
