import { Button, Group, Stack, Text } from "@mantine/core";
import { type PointerEvent, useRef } from "react";

interface SignaturePadProps {
  /** The drawing as a PNG data URL, or undefined when cleared. */
  onChange: (drawing: string | undefined) => void;
}

/** A box to draw a signature in with a mouse, finger or pen; optional beside the typed name. */
export function SignaturePad({ onChange }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return [event.clientX - box.left, event.clientY - box.top] as const;
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = canvas.current?.getContext("2d");
    if (!context) return;
    drawing.current = true;
    context.lineWidth = 2;
    context.lineCap = "round";
    context.beginPath();
    context.moveTo(...point(event));
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = canvas.current?.getContext("2d");
    context?.lineTo(...point(event));
    context?.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    onChange(canvas.current?.toDataURL("image/png"));
  };
  const clear = () => {
    const element = canvas.current;
    element?.getContext("2d")?.clearRect(0, 0, element.width, element.height);
    onChange(undefined);
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="signature-pad-label">
        Draw your signature (optional)
      </Text>
      <canvas
        ref={canvas}
        width={360}
        height={100}
        role="img"
        aria-labelledby="signature-pad-label"
        style={{
          border: "1px solid var(--mantine-color-gray-5)",
          borderRadius: 4,
          touchAction: "none",
          maxWidth: "100%",
        }}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
      />
      <Group>
        <Button size="xs" variant="subtle" onClick={clear}>
          Clear drawing
        </Button>
      </Group>
    </Stack>
  );
}
