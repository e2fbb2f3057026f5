import { Container } from "@mantine/core";
import { AdminPortIns } from "../../modules/porting/AdminPortIns";

export function PortInRequestsPage() {
  return (
    <Container size="xl" py="md">
      <AdminPortIns />
    </Container>
  );
}
