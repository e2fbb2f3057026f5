import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { tollFreeProfileSchema } from "@poundline/contracts/toll-free-verification/schemas";
import {
  enumLabel,
  TOLL_FREE_OPT_IN_TYPES,
  TOLL_FREE_USE_CASE_CATEGORIES,
} from "@poundline/domain/toll-free-verification";
import { isRefusal } from "../../api/errors";
import type { TollFreeProfileInput } from "../../api/toll-free-verification";
import { useSchemaForm } from "../../lib/schema-form";
import { formatMoney } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useSubmitProfile } from "./hooks";

const EMPTY: TollFreeProfileInput = {
  businessName: "",
  businessWebsite: "",
  businessStreetAddress: "",
  businessCity: "",
  businessStateProvinceRegion: "",
  businessPostalCode: "",
  businessCountry: "US",
  businessContactFirstName: "",
  businessContactLastName: "",
  businessContactEmail: "",
  businessContactPhone: "",
  notificationEmail: "",
  useCaseCategories: [],
  useCaseSummary: "",
  productionMessageSample: "",
  optInType: "" as TollFreeProfileInput["optInType"],
  optInImageUrls: [],
  messageVolume: "",
  additionalInformation: "",
};

const optInTypes = TOLL_FREE_OPT_IN_TYPES.map((value) => ({ value, label: enumLabel(value) }));

interface ProfileFormProps {
  numberId: string;
  /** The rejected profile to correct; none for a first submission. */
  rejected?: TollFreeProfileInput;
  feeCents: number;
  onDone?: () => void;
}

/** The business profile the carrier verifies, in three steps, with the fee shown before submitting. */
export function ProfileForm({ numberId, rejected, feeCents, onDone }: ProfileFormProps) {
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: tollFreeProfileSchema,
    initialValues: (rejected ?? EMPTY) as TollFreeProfileInput & Record<string, unknown>,
  });
  const save = useSubmitProfile(numberId, rejected !== undefined);
  const submit = onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast({
          title: rejected ? "Verification Resubmitted" : "Verification Submitted",
          description: body.businessName,
        });
        onDone?.();
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Verification Not Submitted", error);
      },
    }),
  );
  const input = (name: keyof TollFreeProfileInput) => form.getInputProps(name);

  return (
    <form onSubmit={submit} noValidate aria-label="Toll-free verification profile">
      <Stack>
        <Fieldset legend="1. Your business">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Business name" required {...input("businessName")} />
            <TextInput label="Website" required placeholder="https://" {...input("businessWebsite")} />
            <TextInput label="Street address" required {...input("businessStreetAddress")} />
            <TextInput label="City" required {...input("businessCity")} />
            <TextInput label="State or province" required {...input("businessStateProvinceRegion")} />
            <TextInput label="Postal code" required {...input("businessPostalCode")} />
            <TextInput label="Country code" required maxLength={2} {...input("businessCountry")} />
            <TextInput label="Contact first name" required {...input("businessContactFirstName")} />
            <TextInput label="Contact last name" required {...input("businessContactLastName")} />
            <TextInput label="Contact e-mail" required type="email" {...input("businessContactEmail")} />
            <TextInput
              label="Contact phone"
              required
              placeholder="+14155550100"
              {...input("businessContactPhone")}
            />
            <TextInput
              label="E-mail for the carrier's decision"
              required
              type="email"
              {...input("notificationEmail")}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="2. How you text">
          <Stack>
            <Checkbox.Group label="Use cases" required {...input("useCaseCategories")}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                {TOLL_FREE_USE_CASE_CATEGORIES.map((value) => (
                  <Checkbox key={value} value={value} label={enumLabel(value)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Textarea
              label="What you text about"
              required
              autosize
              minRows={2}
              {...input("useCaseSummary")}
            />
            <Textarea
              label="A sample message"
              required
              autosize
              minRows={2}
              {...input("productionMessageSample")}
            />
            <Select label="How people opt in" required data={optInTypes} {...input("optInType")} />
            <TagsInput
              label="Links to images of your opt-in"
              description="Press Enter after each link."
              required
              {...input("optInImageUrls")}
            />
            <TextInput label="Texts a month" required inputMode="numeric" {...input("messageVolume")} />
            <Textarea
              label="Anything else for the reviewer"
              autosize
              minRows={1}
              {...input("additionalInformation")}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="3. Review and submit">
          <Stack gap="xs">
            <Alert color="blue" title="Fee">
              <Text size="sm">
                {feeCents === 0
                  ? "No fee: the carrier charges nothing for toll-free verification."
                  : `${formatMoney(feeCents)}, charged to your wallet when you submit.`}
              </Text>
            </Alert>
            <Text size="sm" c="dimmed">
              The carrier reviews the profile, usually within a few business days. Texts from this number are
              refused until it is approved.
            </Text>
            <Group justify="flex-end">
              {onDone && rejected && (
                <Button variant="default" onClick={onDone}>
                  Cancel
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                {rejected ? "Resubmit for Verification" : "Submit for Verification"}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </Stack>
    </form>
  );
}
