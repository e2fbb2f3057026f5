import { Textarea, TextInput } from "@mantine/core";
import { Lightbulb } from "lucide-react";
import type { FormEvent } from "react";
import { ReplyEmailField, RequestFormPage, toastMissingInformation, useRequestForm } from "./request-form";

interface FeatureRequestForm {
  featureName: string;
  description: string;
  email: string;
}

const emptyForm: FeatureRequestForm = { featureName: "", description: "", email: "" };

export function RequestFeaturePage() {
  const request = useRequestForm(emptyForm);
  const { form, textInput } = request;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const featureName = form.featureName.trim();
    const description = form.description.trim();
    const email = form.email.trim();
    if (!featureName || !description) {
      toastMissingInformation("Please fill in all fields to submit your feature request.");
      return;
    }
    if (request.rejectInvalidEmail(email)) return;
    await request.send(
      "/api/feature-requests",
      { featureName, description, email: email || undefined },
      {
        title: "Feature Request Submitted!",
        description: "Thank you for your suggestion. We'll review it shortly.",
      },
    );
  }

  return (
    <RequestFormPage
      icon={Lightbulb}
      title="Request a Feature"
      intro="Have an idea that would make Poundline work better for your business? Tell us about it."
      thankYou={{
        title: "Thank You!",
        message:
          "Your feature request has been submitted. Our product team reviews every suggestion, and we'll be in touch if we need more details.",
        againLabel: "Submit Another Request",
      }}
      request={request}
      onSubmit={handleSubmit}
    >
      <TextInput
        label="Feature Name"
        placeholder="e.g. Shared team inbox for texts"
        withAsterisk
        {...textInput("featureName")}
      />
      <Textarea
        label="Description"
        placeholder="Describe the feature and how it would help you."
        withAsterisk
        autosize
        minRows={5}
        {...textInput("description")}
      />
      <ReplyEmailField
        description="Leave your email if you'd like us to follow up with you."
        {...textInput("email")}
      />
    </RequestFormPage>
  );
}
