import { Container } from "@mantine/core";
import { UserManagement } from "../../modules/admin/UserManagement";

/** /admin/user-management/new (the seed's quick link): the list with the add form open. */
export function NewUserPage() {
  return (
    <Container size="xl" py="md">
      <UserManagement creating />
    </Container>
  );
}
