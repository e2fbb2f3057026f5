import { Container } from "@mantine/core";
import { IvrMenus } from "../../modules/ivr/IvrMenus";

export function IvrMenusPage() {
  return (
    <Container component="main" size="xl" py="xl">
      <IvrMenus />
    </Container>
  );
}
