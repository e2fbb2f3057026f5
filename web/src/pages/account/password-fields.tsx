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
import { PASSWORD_MIN_LENGTH } from "@poundline/api/auth/messages";
import { Check, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";

/** Seed 000's checklist. Only the length rule is enforced (by the shared schema); the rest is advice. */
const passwordRules = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    isMet: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { label: "One uppercase letter", isMet: (p: string) => /[A-Z]/.test(p) },
  { label: "One number", isMet: (p: string) => /\d/.test(p) },
  { label: "One special character", isMet: (p: string) => /[^A-Za-z0-9]/.test(p) },
];

/** Strength by how many rules are met: none or one, two, three, all four. */
const strengthLevels = [
  { label: "Weak", color: "red" },
  { label: "Weak", color: "red" },
  { label: "Fair", color: "orange" },
  { label: "Good", color: "yellow" },
  { label: "Strong", color: "green" },
] as const;

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
  const metCount = passwordRules.filter((rule) => rule.isMet(password)).length;
  const strength = strengthLevels[metCount] ?? strengthLevels[0];
  const strengthLabel = password ? strength.label : "Not entered";
  return (
    <Stack gap={6}>
      <Progress
        value={(metCount / passwordRules.length) * 100}
        color={strength.color}
        size="sm"
        aria-label={`Password strength: ${strengthLabel}`}
      />
      <Text size="sm" c="gray.7">
        Password strength: {strengthLabel}
      </Text>
      <Box component="ul" aria-label="Password requirements" m={0} p={0} style={{ listStyle: "none" }}>
        {passwordRules.map((rule) => {
          const met = rule.isMet(password);
          return (
            <Group key={rule.label} component="li" gap={6} wrap="nowrap">
              {met ? (
                <Check size={14} color="var(--mantine-color-green-8)" aria-hidden />
              ) : (
                <X size={14} color="var(--mantine-color-gray-7)" aria-hidden />
              )}
              <Text size="sm" c={met ? "green.9" : "gray.7"}>
                {rule.label}
                <VisuallyHidden>{met ? " (met)" : " (not met)"}</VisuallyHidden>
              </Text>
            </Group>
          );
        })}
      </Box>
    </Stack>
  );
}
