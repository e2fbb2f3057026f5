import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { Bundle, BundleInput, CountryOnSale, Requirements, RequirementsQuery } from "../../api/numbers";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatPhone } from "../../ui/format";
import { toast } from "../../ui/toast";
import { monthlyPriceText } from "./format";
import {
  useAvailableNumbers,
  useBundles,
  useCountries,
  useNumberMutation,
  useNumbersApi,
  useRequirements,
} from "./hooks";

type NumberType = CountryOnSale["types"][number]["numberType"];
type EndUserType = RequirementsQuery["endUserType"];

const TYPE_LABELS: Record<NumberType, string> = {
  local: "Local",
  mobile: "Mobile",
  "toll-free": "Toll-Free",
};
const STATE_LABELS: Record<Bundle["state"], string> = {
  in_review: "In review",
  approved: "Approved",
  rejected: "Rejected",
};
const STATE_COLORS: Record<Bundle["state"], string> = {
  in_review: "yellow",
  approved: "green",
  rejected: "red",
};

/** Each field's first message ("endUser.first_name", "address"…), or the general one under "_". */
function messagesOf(error: Error): Record<string, string> {
  if (!isRefusal(error) || Object.keys(error.fields).length === 0) return { _: error.message };
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, messages]) => [field, messages[0] ?? ""]),
  );
}

/** A file as base64 (the API takes the document in the JSON body). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",")[1] ?? "");
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

interface BundleFormProps {
  query: RequirementsQuery;
  requirements: Requirements;
  onSubmitted: () => void;
}

/** The end user, address and identity document the regulation names, submitted for review. */
function BundleForm({ query, requirements, onSubmitted }: BundleFormProps) {
  const api = useNumbersApi();
  const [values, setValues] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState<string | null>(
    requirements.identityDocuments[0]?.type ?? null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useNumberMutation((body: BundleInput) => api.submitBundle(body));
  const set = (name: string) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [name]: event.currentTarget.value });

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const document =
      file && documentType
        ? {
            type: documentType,
            name: file.name,
            contentType: file.type as "application/pdf",
            dataBase64: await readBase64(file),
          }
        : null;
    const endUser = Object.fromEntries(
      requirements.endUserFields.map((f) => [f.name, values[f.name]?.trim() ?? ""]),
    );
    const address = requirements.address
      ? { street: values.street ?? "", city: values.city ?? "", postalCode: values.postalCode ?? "" }
      : null;
    submit.mutate(
      {
        country: query.country,
        type: query.type,
        endUserType: query.endUserType ?? "business",
        endUser,
        address,
        document,
      },
      {
        onSuccess: () => {
          toast({ title: "Submitted for Review", description: "The carrier reviews your information." });
          onSubmitted();
        },
        onError: (error) => setErrors(messagesOf(error)),
      },
    );
  }

  const fieldError = (name: string) => errors[`endUser.${name}`] ?? errors[`address.${name}`];
  return (
    <form onSubmit={send} noValidate>
      <Stack gap="xs">
        {requirements.endUserFields.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            required
            onChange={set(field.name)}
            error={fieldError(field.name)}
          />
        ))}
        {requirements.address ? (
          <>
            <TextInput
              label="Street"
              required
              onChange={set("street")}
              error={fieldError("street") ?? errors.address}
            />
            <TextInput label="City" required onChange={set("city")} error={fieldError("city")} />
            <TextInput
              label="Postal Code"
              required
              onChange={set("postalCode")}
              error={fieldError("postalCode")}
            />
          </>
        ) : null}
        {requirements.identityDocuments.length > 0 ? (
          <>
            <Select
              label="Identity Document"
              data={requirements.identityDocuments.map((d) => ({ value: d.type, label: d.label }))}
              value={documentType}
              onChange={setDocumentType}
              allowDeselect={false}
            />
            <label>
              <Text size="sm" fw={500}>
                Document file (PDF, PNG or JPEG)
              </Text>
              <input
                type="file"
                accept="application/pdf,image/png,image/jpeg"
                onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
              />
            </label>
            {(errors.document ?? errors["document.contentType"]) ? (
              <Text c="red" size="sm" role="alert">
                {errors.document ?? errors["document.contentType"]}
              </Text>
            ) : null}
          </>
        ) : null}
        {errors._ ? (
          <Alert color="red" role="alert">
            {errors._}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={submit.isPending}>
            Submit for Review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface NumbersAbroadProps {
  country: string;
  type: NumberType;
  monthlyCents: number;
  bundle: Bundle | null;
  onBought: () => void;
}

/** Numbers for sale in the country, bought with the approved bundle when one is needed. */
function NumbersAbroad({ country, type, monthlyCents, bundle, onBought }: NumbersAbroadProps) {
  const api = useNumbersApi();
  const available = useAvailableNumbers({ country, type });
  const [refusal, setRefusal] = useState<string | null>(null);
  const buy = useNumberMutation((e164: string) =>
    api.buy({ e164, ...(bundle ? { bundleId: bundle.id } : {}) }),
  );
  if (available.isPending) return <Loader size="sm" aria-label="Searching numbers" />;
  if (available.isError)
    return (
      <Alert color="red" role="alert">
        {available.error.message}
      </Alert>
    );
  const purchase = (e164: string) =>
    buy.mutate(e164, {
      onSuccess: (bought) => {
        toast({ title: "Number Purchased", description: `${formatPhone(bought.e164)} is now yours.` });
        onBought();
      },
      onError: (error) => setRefusal(isRefusal(error) ? error.firstFieldMessage() : error.message),
    });
  return (
    <Stack gap="xs">
      <Text size="sm">
        Each number: {monthlyPriceText(monthlyCents)}, the first month charged to your balance.
      </Text>
      {refusal ? (
        <Alert color="red" title="Cannot buy this number" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Table aria-label="Available numbers" striped>
        <Table.Tbody>
          {available.data.numbers.map((number) => (
            <Table.Tr key={number.e164}>
              <Table.Td>{formatPhone(number.e164)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  disabled={buy.isPending}
                  onClick={() => purchase(number.e164)}
                  aria-label={`Buy ${formatPhone(number.e164)}`}
                >
                  Buy
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

interface RequirementStepProps {
  query: RequirementsQuery;
  monthlyCents: number;
  onBought: () => void;
}

/** What the country asks: nothing (numbers straight away), a bundle to submit, or one under review. */
function RequirementStep({ query, monthlyCents, onBought }: RequirementStepProps) {
  const requirements = useRequirements(query);
  const bundles = useBundles();
  if (requirements.isPending || bundles.isPending)
    return <Loader size="sm" aria-label="Loading requirements" />;
  if (requirements.isError)
    return (
      <Alert color="red" role="alert">
        {requirements.error.message}
      </Alert>
    );
  if (bundles.isError)
    return (
      <Alert color="red" role="alert">
        {bundles.error.message}
      </Alert>
    );
  const forThis = bundles.data.bundles.filter(
    (b) => b.isoCountry === query.country && b.numberType === query.type,
  );
  const approved = forThis.find((b) => b.state === "approved") ?? null;
  const pending = forThis.find((b) => b.state === "in_review") ?? null;
  const number = (bundle: Bundle | null) => (
    <NumbersAbroad
      country={query.country}
      type={query.type}
      monthlyCents={monthlyCents}
      bundle={bundle}
      onBought={onBought}
    />
  );
  if (!requirements.data.required) return number(null);
  if (approved)
    return (
      <Stack>
        <BundleStatus bundle={approved} />
        {number(approved)}
      </Stack>
    );
  if (pending) return <BundleStatus bundle={pending} />;
  return (
    <Stack>
      {forThis[0] ? <BundleStatus bundle={forThis[0]} /> : null}
      <Text size="sm">
        Numbers in this country need this information before purchase (the carrier reviews it).
      </Text>
      <BundleForm query={query} requirements={requirements.data} onSubmitted={() => void bundles.refetch()} />
    </Stack>
  );
}

function BundleStatus({ bundle }: { bundle: Bundle }) {
  return (
    <Group gap="xs" role="status">
      <Text size="sm">Regulatory information for {bundle.name}:</Text>
      <Badge color={STATE_COLORS[bundle.state]} c="dark.9" variant="light">
        {STATE_LABELS[bundle.state]}
      </Badge>
    </Group>
  );
}

/** Buy a number in another country: country and type, its requirements, then the number. */
export function AbroadNumberDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const countries = useCountries();
  const [country, setCountry] = useState<string | null>(null);
  const [type, setType] = useState<NumberType | null>(null);
  const [endUserType, setEndUserType] = useState<EndUserType>("business");
  const chosen = countries.data?.countries.find((c) => c.isoCountry === country);
  const price = chosen?.types.find((t) => t.numberType === type);
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title="Buy a Number Abroad"
      size="lg"
    >
      <Stack>
        <Select
          label="Country"
          data={(countries.data?.countries ?? []).map((c) => ({ value: c.isoCountry, label: c.name }))}
          value={country}
          onChange={(value) => {
            setCountry(value);
            setType(null);
          }}
          searchable
        />
        {chosen ? (
          <Select
            label="Number Type"
            data={chosen.types.map((t) => ({
              value: t.numberType,
              label: `${TYPE_LABELS[t.numberType]} (${monthlyPriceText(t.monthlyCents)})`,
            }))}
            value={type}
            onChange={(value) => setType(value as NumberType | null)}
          />
        ) : null}
        <Radio.Group
          label="Held by"
          value={endUserType}
          onChange={(value) => setEndUserType(value as EndUserType)}
        >
          <Group mt={4}>
            <Radio value="business" label="A business" />
            <Radio value="individual" label="A person" />
          </Group>
        </Radio.Group>
        {country && type && price ? (
          <RequirementStep
            query={{ country, type, endUserType }}
            monthlyCents={price.monthlyCents}
            onBought={onClose}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
