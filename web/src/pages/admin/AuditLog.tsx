import { Container } from "@mantine/core";
import { AuditLog } from "../../modules/admin/AuditLog";

export function AuditLogPage() {
  return (
    <Container size="xl" py="md">
      <AuditLog />
    </Container>
  );
}
