import { Container } from "@mantine/core";
import { FailedJobs } from "../../modules/admin/FailedJobs";

export function FailedJobsPage() {
  return (
    <Container component="main" size="xl" py="md">
      <FailedJobs />
    </Container>
  );
}
