import {
  Alert,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Phone, PhoneOff } from "lucide-react";
import { useEffect, useState } from "react";
import type { IvrMenu, IvrTry } from "../../api/ivr";
import { toastError } from "../../ui/toast";
import { useIvrApi } from "./hooks";
import { KEYS } from "./labels";
import { heardText, nodeText } from "./try-words";

interface TryItPanelProps {
  menus: readonly IvrMenu[];
  /** The menu the call is in, for the diagram to highlight; null when no call is on. */
  onCurrentMenu: (menuId: string | null) => void;
}

type Line = { id: number; text: string };

/** The simulated call: its state, what the caller has heard, and the calls that move it on. */
function useTryCall(target: "draft" | "live", startMenu: string | null) {
  const api = useIvrApi();
  const [call, setCall] = useState<IvrTry | null>(null);
  const [transcript, setTranscript] = useState<Line[]>([]);

  const follow = (step: IvrTry, pressed?: string) => {
    setCall(step);
    setTranscript((lines) => [
      ...lines,
      ...(pressed !== undefined
        ? [{ id: lines.length, text: pressed ? `You pressed ${pressed}` : "You waited" }]
        : []),
      ...step.heard.map((h, i) => ({ id: lines.length + 1 + i, text: heardText(h) })),
    ]);
  };
  const onError = (error: Error) => toastError("Try It Error", error);

  const start = useMutation({
    mutationFn: () => api.tryStart({ target, menuId: startMenu }),
    onSuccess: (step) => {
      setTranscript([]);
      follow(step);
    },
    onError,
  });
  const press = useMutation({
    mutationFn: (digits: string) => api.tryKeys((call as IvrTry).tryId, digits),
    onSuccess: (step, digits) => follow(step, digits),
    onError,
  });
  const hangUp = useMutation({
    mutationFn: () => api.tryEnd((call as IvrTry).tryId),
    onSuccess: () => {
      setCall((c) => (c ? { ...c, ended: true } : c));
      setTranscript((lines) => [...lines, { id: lines.length, text: "You hung up" }]);
    },
    onError,
  });
  return { call, transcript, start, press, hangUp, live: call !== null && !call.ended };
}

function Transcript({ lines }: { lines: Line[] }) {
  return (
    <Stack gap={4} aria-live="polite">
      <Text fw={600} size="sm">
        The caller hears
      </Text>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Place a call to hear the menus.
        </Text>
      ) : (
        <List size="sm" aria-label="What the caller hears" spacing={2}>
          {lines.map((line) => (
            <List.Item key={line.id}>{line.text}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function Keypad({ disabled, press }: { disabled: boolean; press: (digits: string) => void }) {
  return (
    <Stack gap="xs" maw={220}>
      <SimpleGrid cols={3} spacing="xs" role="group" aria-label="Keypad">
        {KEYS.map((key) => (
          <Button
            key={key}
            variant="default"
            aria-label={`Press ${key}`}
            disabled={disabled}
            onClick={() => press(key)}
          >
            {key}
          </Button>
        ))}
      </SimpleGrid>
      <Button variant="default" disabled={disabled} onClick={() => press("")}>
        Wait (no key)
      </Button>
    </Stack>
  );
}

/** Try it: a simulated call into the draft or the live version; what the caller hears; a keypad. */
export function TryItPanel({ menus, onCurrentMenu }: TryItPanelProps) {
  const [target, setTarget] = useState<"draft" | "live">("draft");
  const [startMenu, setStartMenu] = useState<string | null>(null);
  const { call, transcript, start, press, hangUp, live } = useTryCall(target, startMenu);

  const currentMenu = call && !call.ended && call.node.kind === "menu" ? call.node.menuId : null;
  useEffect(() => onCurrentMenu(currentMenu), [currentMenu, onCurrentMenu]);
  const where = call ? nodeText(call, menus) : null;

  return (
    <Card withBorder component="section" aria-labelledby="ivr-try-title">
      <Stack>
        <Title order={2} size="h3" id="ivr-try-title">
          Try It
        </Title>
        <Group align="flex-end">
          <SegmentedControl
            aria-label="Version to try"
            value={target}
            onChange={(value) => setTarget(value as "draft" | "live")}
            data={[
              { value: "draft", label: "Draft" },
              { value: "live", label: "Live" },
            ]}
            disabled={live}
          />
          <Select
            label="Start in"
            placeholder="The menu the first number answers with"
            clearable
            data={menus.map((m) => ({ value: m.id, label: m.name }))}
            value={startMenu}
            onChange={setStartMenu}
            disabled={live}
            w={280}
          />
          <Button
            leftSection={<Phone size={16} aria-hidden />}
            onClick={() => start.mutate()}
            loading={start.isPending}
            disabled={live}
          >
            Call
          </Button>
          <Button
            color="red.9"
            leftSection={<PhoneOff size={16} aria-hidden />}
            onClick={() => hangUp.mutate()}
            disabled={!live}
            loading={hangUp.isPending}
          >
            Hang Up
          </Button>
        </Group>
        {where && (
          <Alert color={live ? "blue" : "gray"} title={live ? "On the call" : "Call ended"}>
            {where}
          </Alert>
        )}
        <Group align="flex-start" grow>
          <Transcript lines={transcript} />
          <Keypad disabled={!live || press.isPending} press={(digits) => press.mutate(digits)} />
        </Group>
      </Stack>
    </Card>
  );
}
