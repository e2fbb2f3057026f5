import { PASSWORD_MIN_LENGTH } from "@poundline/contracts/auth/messages";

/** Seed 000's checklist. Only the length rule is enforced (by the shared schema); the rest is advice. */
export const passwordRules = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    isMet: (password: string) => password.length >= PASSWORD_MIN_LENGTH,
  },
  { label: "One uppercase letter", isMet: (password: string) => /[A-Z]/.test(password) },
  { label: "One number", isMet: (password: string) => /\d/.test(password) },
  { label: "One special character", isMet: (password: string) => /[^A-Za-z0-9]/.test(password) },
] as const;

/** Strength by how many rules are met: none or one, two, three, all four. */
const strengthLevels = [
  { label: "Weak", color: "red" },
  { label: "Weak", color: "red" },
  { label: "Fair", color: "orange" },
  { label: "Good", color: "yellow" },
  { label: "Strong", color: "green" },
] as const;

export interface PasswordStrength {
  /** Each rule of the checklist and whether the password meets it. */
  checklist: { label: string; met: boolean }[];
  /** Share of the rules met, 0 to 100. */
  percent: number;
  /** "Not entered" for an empty password, else Weak, Fair, Good or Strong. */
  label: string;
  color: (typeof strengthLevels)[number]["color"];
}

/** How strong a new password is, and which rules of the checklist it meets. */
export function passwordStrength(password: string): PasswordStrength {
  const checklist = passwordRules.map((rule) => ({ label: rule.label, met: rule.isMet(password) }));
  const metCount = checklist.filter((rule) => rule.met).length;
  const level = strengthLevels[metCount] ?? strengthLevels[0];
  return {
    checklist,
    percent: (metCount / passwordRules.length) * 100,
    label: password ? level.label : "Not entered",
    color: level.color,
  };
}
