import { Container } from "@mantine/core";
import { FailedJobs } from "../../modules/admin/FailedJobs";

export function FailedJobsPage() {
  return (
    <Container size="xl" py="md">
      <FailedJobs />
    </Container>
  );
}
