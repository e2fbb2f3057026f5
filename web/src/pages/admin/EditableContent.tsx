import { Container } from "@mantine/core";
import { EditableContent } from "../../modules/admin/EditableContent";

export function EditableContentPage() {
  return (
    <Container component="main" size="xl" py="md">
      <EditableContent />
    </Container>
  );
}
