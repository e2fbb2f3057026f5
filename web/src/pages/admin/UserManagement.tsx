import { Container } from "@mantine/core";
import { UserManagement } from "../../modules/admin/UserManagement";

export function UserManagementPage() {
  return (
    <Container size="xl" py="md">
      <UserManagement />
    </Container>
  );
}
