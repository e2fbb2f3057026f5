import {
  Box,
  Group,
  PasswordInput,
  type PasswordInputProps,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { Check, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { passwordStrength } from "./password-strength";

type PasswordFieldProps = Omit<
  PasswordInputProps,
  "label" | "visible" | "onVisibilityChange" | "visibilityToggleButtonProps"
> & { label: string };

/**
 * A password input whose show/hide toggle is a real, labelled button: Mantine's default toggle
 * is hidden from assistive technology and skipped by Tab.
 */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      label={label}
      // Mantine marks its wrapper, not the input itself, as invalid.
      aria-invalid={props.error ? true : undefined}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        "aria-label": `Show ${label.toLowerCase()}`,
        tabIndex: 0,
        // Mantine toggles on mouse down and Space only; Enter works on every other button too.
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          setVisible((shown) => !shown);
        },
      }}
    />
  );
}

/** The strength bar and the rule checklist under a new password. */
export function PasswordStrength({ password }: { password: string }) {
  const strength = passwordStrength(password);
  return (
    <Stack gap={6}>
      <Progress
        value={strength.percent}
        color={strength.color}
        size="sm"
        aria-label={`Password strength: ${strength.label}`}
      />
      <Text size="sm" c="gray.7">
        Password strength: {strength.label}
      </Text>
      <Box component="ul" aria-label="Password requirements" m={0} p={0} style={{ listStyle: "none" }}>
        {strength.checklist.map(({ label, met }) => (
          <Group key={label} component="li" gap={6} wrap="nowrap">
            {met ? (
              <Check size={14} color="var(--mantine-color-green-8)" aria-hidden />
            ) : (
              <X size={14} color="var(--mantine-color-gray-7)" aria-hidden />
            )}
            <Text size="sm" c={met ? "green.9" : "gray.7"}>
              {label}
              <VisuallyHidden>{met ? " (met)" : " (not met)"}</VisuallyHidden>
            </Text>
          </Group>
        ))}
      </Box>
    </Stack>
  );
}
