import { Stack, Text } from "@mantine/core";
import { useCan } from "../../app/session";
import { QueryState } from "../../ui/QueryState";
import { useTextingRegistration } from "./hooks";
import { RegistrationFormCard } from "./RegistrationForm";
import { RegistrationStatus } from "./RegistrationStatus";

/**
 * Settings → Texting registration: US carriers deliver texts from local numbers only under a
 * registered A2P 10DLC campaign. The registration's status, and the guided flow to submit (or,
 * once rejected, resubmit) it.
 */
export function TextingRegistrationTab() {
  const query = useTextingRegistration();
  const canRegister = useCan("texting.register");
  return (
    <QueryState
      query={query}
      loadingText="Loading texting registration..."
      errorTitle="Error loading texting registration"
    >
      {({ registration, fees }) => (
        <Stack gap="lg">
          <Text>
            US carriers only deliver texts from local numbers whose business and campaign are registered (A2P
            10DLC). Toll-free numbers are verified separately.
          </Text>
          {registration && <RegistrationStatus registration={registration} />}
          {(!registration || registration.stage === "rejected") &&
            (canRegister ? (
              <RegistrationFormCard fees={fees} />
            ) : (
              <Text c="dimmed">Only the account's owner or an administrator can register the business.</Text>
            ))}
        </Stack>
      )}
    </QueryState>
  );
}
