import { Textarea, TextInput } from "@mantine/core";
import { featureRequestBodySchema, siteMessages } from "@poundline/contracts/site/schemas";
import { Lightbulb } from "lucide-react";
import { useApi } from "../../api/context";
import { emptyFeatureRequest, featureRequestBody } from "./form-bodies";
import { ReplyEmailField, RequestFormPage, useRequestForm } from "./request-form";

export function RequestFeaturePage() {
  const api = useApi();
  const request = useRequestForm({
    schema: featureRequestBodySchema,
    initialValues: emptyFeatureRequest,
    toBody: featureRequestBody,
    missingMessage: siteMessages.featureFieldsRequired,
    send: api.site.featureRequest,
    success: {
      title: "Feature Request Submitted!",
      description: "Thank you for your suggestion. We'll review it shortly.",
    },
  });
  const { form } = request;

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
    >
      <TextInput
        label="Feature Name"
        placeholder="e.g. Shared team inbox for texts"
        withAsterisk
        {...form.getInputProps("featureName")}
      />
      <Textarea
        label="Description"
        placeholder="Describe the feature and how it would help you."
        withAsterisk
        autosize
        minRows={5}
        {...form.getInputProps("description")}
      />
      <ReplyEmailField
        description="Leave your email if you'd like us to follow up with you."
        {...form.getInputProps("email")}
      />
    </RequestFormPage>
  );
}
