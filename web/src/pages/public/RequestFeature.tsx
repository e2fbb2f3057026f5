import {
  Button,
  Card,
  Container,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { EMAIL_PATTERN } from "@poundline/api/auth/messages";
import { CircleCheckBig, Lightbulb, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";

/** The same simple address pattern the API checks. */
const invalidEmailMessage = "Please enter a valid email address.";

interface FeatureRequestForm {
  featureName: string;
  description: string;
  email: string;
}

const emptyForm: FeatureRequestForm = { featureName: "", description: "", email: "" };

/** Field errors by field name, from the e-mail check or the API's `fields`. */
type FieldErrors = Partial<Record<keyof FeatureRequestForm, string>>;

function ThankYou({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen-reader and keyboard users land on the confirmation instead of the vanished form.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={64} radius="xl" color="green" variant="light" aria-hidden>
        <CircleCheckBig size={36} />
      </ThemeIcon>
      <Title order={2} ref={heading} tabIndex={-1}>
        Thank You!
      </Title>
      <Text c="dimmed" maw={460}>
        Your feature request has been submitted. Our product team reviews every suggestion, and we'll be in
        touch if we need more details.
      </Text>
      <Button onClick={onAnother}>Submit Another Request</Button>
    </Stack>
  );
}

export function RequestFeaturePage() {
  const [form, setForm] = useState<FeatureRequestForm>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const update = (field: keyof FeatureRequestForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const featureName = form.featureName.trim();
    const description = form.description.trim();
    const email = form.email.trim();
    if (!featureName || !description) {
      toast({
        title: "Missing Information",
        description: "Please fill in all fields to submit your feature request.",
        variant: "destructive",
      });
      return;
    }
    // The e-mail is optional, but when given it must be one we can answer.
    if (email && !EMAIL_PATTERN.test(email)) {
      setErrors({ email: invalidEmailMessage });
      return;
    }

    setSubmitting(true);
    try {
      await api("/api/feature-requests", {
        method: "POST",
        body: { featureName, description, email: email || undefined },
      });
      toast({
        title: "Feature Request Submitted!",
        description: "Thank you for your suggestion. We'll review it shortly.",
      });
      setSubmitted(true);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) {
        const { featureName, description, email } = apiError.fields;
        setErrors({ featureName: featureName?.[0], description: description?.[0], email: email?.[0] });
      }
      toast({
        title: "Submission Error",
        description: apiError
          ? apiError.firstFieldMessage()
          : "An unexpected error occurred. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  function startOver() {
    setForm(emptyForm);
    setErrors({});
    setSubmitted(false);
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <Lightbulb size={30} />
          </ThemeIcon>
          <Title>Request a Feature</Title>
          <Text c="dimmed">
            Have an idea that would make Poundline work better for your business? Tell us about it.
          </Text>
        </Stack>

        <Card withBorder padding="xl">
          {submitted ? (
            <ThankYou onAnother={startOver} />
          ) : (
            <form onSubmit={handleSubmit} noValidate>
              <Stack gap="md">
                <TextInput
                  label="Feature Name"
                  name="featureName"
                  placeholder="e.g. Shared team inbox for texts"
                  withAsterisk
                  value={form.featureName}
                  error={errors.featureName}
                  onChange={(event) => update("featureName")(event.currentTarget.value)}
                />
                <Textarea
                  label="Description"
                  name="description"
                  placeholder="Describe the feature and how it would help you."
                  withAsterisk
                  autosize
                  minRows={5}
                  value={form.description}
                  error={errors.description}
                  onChange={(event) => update("description")(event.currentTarget.value)}
                />
                <TextInput
                  label="Email (optional)"
                  name="email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  description="Leave your email if you'd like us to follow up with you."
                  value={form.email}
                  error={errors.email}
                  onChange={(event) => update("email")(event.currentTarget.value)}
                />
                <Button
                  type="submit"
                  size="md"
                  disabled={submitting}
                  leftSection={submitting ? <Loader size={16} aria-hidden /> : <Send size={18} aria-hidden />}
                >
                  {submitting ? "Submitting..." : "Submit Request"}
                </Button>
              </Stack>
            </form>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
