import { Alert, Badge, Button, Card, CloseButton, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Circle, CircleCheck, ListChecks, PhoneCall } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useApi } from "../../api/context";
import {
  type SetupGuide as Guide,
  type SetupStep,
  setupGuideApi,
  type TestCallResult,
} from "../../api/setup-guide";
import { formatPhone } from "../../ui/format";
import { toastError } from "../../ui/toast";

export const setupGuideKey = ["setup-guide"] as const;

/** Each step in words, and the screen that does it. */
const STEPS: Record<
  SetupStep["key"],
  { title: string; hint: string; action?: { label: string; to: string } }
> = {
  number: {
    title: "Get a phone number",
    hint: "Your business line: local or toll-free.",
    action: { label: "Get a Number", to: "/dashboard/numbers" },
  },
  e911: {
    title: "Confirm the E911 address",
    hint: "Where emergency services go when someone dials 911 from your number.",
    action: { label: "Confirm Address", to: "/dashboard/numbers" },
  },
  hours: {
    title: "Set your business hours",
    hint: "When calls ring your team, and where they go after hours.",
    action: { label: "Set Hours", to: "/dashboard/call-routing" },
  },
  greeting: {
    title: "Build your greeting or IVR menu",
    hint: "What callers hear first: a greeting, or a menu of options.",
    action: { label: "Build Greeting", to: "/dashboard/ivr-menus" },
  },
  people: {
    title: "Add extensions or people",
    hint: "Who answers: extensions for your team.",
    action: { label: "Add Extensions", to: "/dashboard/extensions" },
  },
  test_call: {
    title: "Make a test call",
    hint: "Ring your number and hear what your callers hear.",
  },
  widget: {
    title: "Put the call widget on your website",
    hint: "A Call Us button for your visitors.",
    action: { label: "Add Widget", to: "/dashboard/widgets" },
  },
};

function useSetupGuide() {
  const api = setupGuideApi(useApi());
  // Fresh on every visit: the steps follow what was done on the other screens.
  return useQuery({
    queryKey: setupGuideKey,
    queryFn: ({ signal }) => api.guide(signal),
    staleTime: 0,
    refetchOnMount: "always",
  });
}

function useDismissal() {
  const api = setupGuideApi(useApi());
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) => api.dismiss({ dismissed }),
    onSuccess: (guide) => queryClient.setQueryData(setupGuideKey, guide),
    onError: (error) => toastError("Setup guide not saved", error),
  });
}

/**
 * The dashboard's setup guide: the steps from sign-up to a working phone system, each ticked by
 * the server from what the account holds. Put away, it leaves a button that brings it back;
 * once every step is done it folds to one line.
 */
export function SetupGuide() {
  const guide = useSetupGuide();
  const dismissal = useDismissal();
  const [expanded, setExpanded] = useState(false);
  if (!guide.data) return null;
  const { steps, allDone, dismissed } = guide.data;
  if (dismissed)
    return (
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<ListChecks size={14} aria-hidden />}
          onClick={() => dismissal.mutate(false)}
          loading={dismissal.isPending}
        >
          Show setup guide
        </Button>
      </Group>
    );
  const done = steps.filter((s) => s.done).length;
  const open = !allDone || expanded;
  return (
    <Card withBorder component="section" aria-labelledby="setup-guide-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4" id="setup-guide-title">
            {allDone ? "Your phone system is set up" : "Set up your phone system"}
          </Title>
          <Text size="sm" c="dimmed">
            {done} of {steps.length} steps done
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          {allDone ? (
            <Button variant="subtle" size="xs" onClick={() => setExpanded((v) => !v)} aria-expanded={open}>
              {open ? "Hide steps" : "Show steps"}
            </Button>
          ) : null}
          <CloseButton
            aria-label="Dismiss setup guide"
            onClick={() => dismissal.mutate(true)}
            disabled={dismissal.isPending}
          />
        </Group>
      </Group>
      <Progress value={(done / steps.length) * 100} mt="sm" aria-label="Setup progress" />
      {open ? (
        <Stack component="ol" aria-label="Setup steps" gap="sm" mt="md" p={0} style={{ listStyle: "none" }}>
          {steps.map((step) => (
            <StepRow key={step.key} step={step} guide={guide.data} />
          ))}
        </Stack>
      ) : null}
    </Card>
  );
}

function StepRow({ step, guide }: { step: SetupStep; guide: Guide }) {
  const words = STEPS[step.key];
  return (
    <li>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ flex: 1, minWidth: 220 }}>
          {step.done ? (
            <CircleCheck size={20} color="var(--mantine-color-green-9)" aria-hidden />
          ) : (
            <Circle size={20} color="var(--mantine-color-gray-6)" aria-hidden />
          )}
          <div>
            <Text fw={600} size="sm">
              {words.title}
            </Text>
            <Text size="xs" c="dimmed">
              {words.hint}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          <Badge color={step.done ? "teal.9" : "gray.8"} variant={step.done ? "filled" : "outline"}>
            {step.done ? "Done" : "To do"}
          </Badge>
          {words.action && !step.done ? (
            <Button component={Link} to={words.action.to} size="xs" variant="default">
              {words.action.label}
            </Button>
          ) : null}
        </Group>
      </Group>
      {step.key === "test_call" ? <TestCall guide={guide} /> : null}
    </li>
  );
}

/** The result's colour; its words are the server's ("Answered by voicemail: …", "Refused: …"). */
const OUTCOME_COLORS: Record<TestCallResult["outcome"], string> = {
  answered: "green",
  voicemail: "green",
  refused: "red",
  failed: "red",
};

/** The test call: through the simulator when there is no carrier, else from the user's own phone. */
function TestCall({ guide }: { guide: Guide }) {
  const api = setupGuideApi(useApi());
  const queryClient = useQueryClient();
  const call = useMutation({
    mutationFn: api.testCall,
    onSettled: () => {
      for (const queryKey of [setupGuideKey, ["calls"], ["voicemails"], ["dashboard"]])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
  const { via, number } = guide.testCall;
  if (via === "phone")
    return (
      <Text size="sm" mt="xs" ml={32}>
        {number
          ? `Call ${formatPhone(number)} from your own phone: the call shows in Call History once answered.`
          : "Once you have a number, call it from your own phone."}
      </Text>
    );
  const result = call.data;
  return (
    <Stack gap="xs" mt="xs" ml={32}>
      <Group gap="sm">
        <Button
          size="xs"
          leftSection={<PhoneCall size={14} aria-hidden />}
          onClick={() => call.mutate()}
          loading={call.isPending}
          disabled={number === null}
        >
          Make a Test Call
        </Button>
        <Text size="xs" c="dimmed">
          {number
            ? `A simulated caller rings ${formatPhone(number)}: no real phone is involved.`
            : "Get a number first: the test call rings it."}
        </Text>
      </Group>
      {call.isError ? (
        <Alert color="red" title="Test call not placed" role="alert">
          {call.error.message}
        </Alert>
      ) : null}
      {result ? (
        <Alert color={OUTCOME_COLORS[result.outcome]} role="status">
          <Text size="sm" fw={600}>
            {result.message}
          </Text>
          {result.heard.length > 0 ? (
            <Text size="xs" c="dimmed" mt={4}>
              Heard: {result.heard.join(" ")}
            </Text>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
