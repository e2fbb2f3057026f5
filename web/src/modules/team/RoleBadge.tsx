import { Badge } from "@mantine/core";
import { type MembershipRole, roleLabels } from "@poundline/contracts/auth/permissions";

const colors: Record<MembershipRole, string> = {
  owner: "blue.9",
  admin: "teal.9",
  member: "gray.8",
  viewer: "grape.9",
};

export function RoleBadge({ role }: { role: MembershipRole }) {
  return (
    <Badge color={colors[role]} variant="filled">
      {roleLabels[role]}
    </Badge>
  );
}
