import { Container } from "@mantine/core";
import { AdminDashboard } from "../../modules/admin/AdminDashboard";

export function AdminDashboardPage() {
  return (
    <Container size="xl" py="md">
      <AdminDashboard />
    </Container>
  );
}
