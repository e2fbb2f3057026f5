import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { regionsOf } from "@poundline/contracts/auth/schemas";
import {
  businessIndustries,
  businessTypes,
  campaignUseCases,
} from "@poundline/contracts/texting-registration/schemas";
import type { TextingRegistrationInput } from "../../api/texting-registration";

export type RegistrationForm = UseFormReturnType<TextingRegistrationInput>;

export const emptyRegistration = (): TextingRegistrationInput => ({
  business: {
    legalName: "",
    ein: "",
    businessType: "" as TextingRegistrationInput["business"]["businessType"],
    industry: "" as TextingRegistrationInput["business"]["industry"],
    website: "",
    street: "",
    city: "",
    region: "",
    postalCode: "",
    contact: { firstName: "", lastName: "", title: "", email: "", phone: "" },
  },
  campaign: {
    useCase: "" as TextingRegistrationInput["campaign"]["useCase"],
    description: "",
    messageSamples: ["", ""],
    messageFlow: "",
    hasEmbeddedLinks: false,
    hasEmbeddedPhone: false,
  },
});

const humanize = (value: string) =>
  value
    .replaceAll("_", " ")
    .toLowerCase()
    .replace(/^\w/, (c) => c.toUpperCase());

/** The business as the carrier's customer profile holds it: legal name, EIN, type, address, contact. */
export function BusinessFields({ form }: { form: RegistrationForm }) {
  const field = (name: string) => form.getInputProps(`business.${name}`);
  return (
    <Stack gap="sm" mt="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Legal business name" required {...field("legalName")} />
        <TextInput label="EIN" required placeholder="12-3456789" {...field("ein")} />
        <Select label="Business type" required data={[...businessTypes]} {...field("businessType")} />
        <Select
          label="Industry"
          required
          data={businessIndustries.map((value) => ({ value, label: humanize(value) }))}
          {...field("industry")}
        />
      </SimpleGrid>
      <TextInput label="Website" required placeholder="https://" {...field("website")} />
      <TextInput label="Street address" required {...field("street")} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="City" required {...field("city")} />
        <Select label="State" required searchable data={[...regionsOf("US")]} {...field("region")} />
        <TextInput label="ZIP code" required {...field("postalCode")} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Contact first name" required {...field("contact.firstName")} />
        <TextInput label="Contact last name" required {...field("contact.lastName")} />
        <TextInput label="Contact job title" required {...field("contact.title")} />
        <TextInput label="Contact email" type="email" required {...field("contact.email")} />
        <TextInput label="Contact phone" required placeholder="+15125550100" {...field("contact.phone")} />
      </SimpleGrid>
    </Stack>
  );
}

/** The campaign: its use case, what it says, samples of its texts, and how people opt in. */
export function CampaignFields({ form }: { form: RegistrationForm }) {
  const field = (name: string) => form.getInputProps(`campaign.${name}`);
  const samples = form.values.campaign.messageSamples;
  return (
    <Stack gap="sm" mt="md">
      <Select
        label="Use case"
        required
        data={campaignUseCases.map((value) => ({ value, label: humanize(value) }))}
        {...field("useCase")}
      />
      <Textarea label="Campaign description" required autosize minRows={2} {...field("description")} />
      <Textarea
        label="How people opt in"
        description="Where and how recipients agree to get your texts"
        required
        autosize
        minRows={2}
        {...field("messageFlow")}
      />
      {samples.map((_, index) => (
        <Textarea
          // biome-ignore lint/suspicious/noArrayIndexKey: the samples are positions, not entities
          key={index}
          label={`Sample message ${index + 1}`}
          required={index < 2}
          autosize
          {...field(`messageSamples.${index}`)}
        />
      ))}
      <Group>
        <Button
          variant="subtle"
          disabled={samples.length >= 5}
          onClick={() => form.insertListItem("campaign.messageSamples", "")}
        >
          Add a sample
        </Button>
      </Group>
      <Checkbox
        label="Texts contain links"
        {...form.getInputProps("campaign.hasEmbeddedLinks", { type: "checkbox" })}
      />
      <Checkbox
        label="Texts contain phone numbers"
        {...form.getInputProps("campaign.hasEmbeddedPhone", { type: "checkbox" })}
      />
    </Stack>
  );
}
