import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { createPortInBodySchema, LOA_AGREEMENT } from "@poundline/contracts/porting/schemas";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { PhoneNumber } from "../../api/numbers";
import type { Portability } from "../../api/porting";
import { formatPhone } from "../../ui/format";
import { toast } from "../../ui/toast";
import { usePortingApi, usePortingMutation } from "./hooks";
import { SignaturePad } from "./SignaturePad";

type Errors = Record<string, string>;

const emptyDetails = {
  customerName: "",
  customerType: "Business",
  accountNumber: "",
  pin: "",
  authorizedName: "",
  authorizedEmail: "",
  street: "",
  city: "",
  state: "",
  zip: "",
  country: "US",
  targetDate: "",
  temporaryNumberId: "",
};
type Details = typeof emptyDetails;

const numbersOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((n) => n.trim())
    .filter(Boolean);

/** The zod issues (or the API's fields) keyed as the form names its inputs. */
function errorsOf(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const key =
      path[0] === "address"
        ? (path[1] ?? "address")
        : path[0] === "signature"
          ? `signature.${path[1]}`
          : (path[0] ?? "");
    errors[key.startsWith("numbers") ? "numbers" : key] ??= issue.message;
  }
  return errors;
}

function bodyOf(
  numbers: string,
  details: Details,
  signature: { name: string; drawing?: string; agreed: boolean },
) {
  return {
    numbers: numbersOf(numbers),
    customerName: details.customerName,
    customerType: details.customerType as "Business" | "Individual",
    accountNumber: details.accountNumber,
    ...(details.pin ? { pin: details.pin } : {}),
    authorizedName: details.authorizedName,
    authorizedEmail: details.authorizedEmail,
    address: {
      street: details.street,
      city: details.city,
      state: details.state,
      zip: details.zip,
      country: details.country,
    },
    targetDate: details.targetDate,
    ...(details.temporaryNumberId ? { temporaryNumberId: details.temporaryNumberId } : {}),
    signature: {
      signerName: signature.name,
      agreed: signature.agreed as true,
      ...(signature.drawing ? { drawing: signature.drawing } : {}),
    },
  };
}

function PortabilityTable({ results }: { results: Portability[] }) {
  return (
    <Table aria-label="Portability">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Portable</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {results.map((r) => (
          <Table.Tr key={r.e164}>
            <Table.Td>{formatPhone(r.e164)}</Table.Td>
            <Table.Td>{r.portable ? "Yes" : `No (${r.reason ?? "refused"})`}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DetailsFields({
  details,
  set,
  errors,
  numbers,
}: {
  details: Details;
  set: (k: keyof Details, v: string) => void;
  errors: Errors;
  numbers: PhoneNumber[];
}) {
  const input = (key: keyof Details, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={details[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors[key]}
      {...extra}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Your account at the current carrier
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {input("customerName", "Account holder name", { required: true })}
        <Select
          label="Account type"
          data={["Business", "Individual"]}
          value={details.customerType}
          onChange={(v) => set("customerType", v ?? "Business")}
          allowDeselect={false}
        />
        {input("accountNumber", "Account number", { required: true })}
        {input("pin", "Port-out PIN (if your carrier has one)")}
        {input("authorizedName", "Authorised person", { required: true })}
        {input("authorizedEmail", "Authorised person's e-mail", { required: true, type: "email" })}
      </SimpleGrid>
      <Title order={3} size="h5">
        Service address
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {input("street", "Street", { required: true })}
        {input("city", "City", { required: true })}
        {input("state", "State", { required: true })}
        {input("zip", "ZIP code", { required: true })}
        {input("country", "Country", { required: true })}
        {input("targetDate", "Target port date", { required: true, type: "date" })}
      </SimpleGrid>
      <Select
        label="Temporary number (answers until the port completes; its routing then moves)"
        placeholder="None"
        clearable
        data={numbers.map((n) => ({ value: n.id, label: formatPhone(n.e164) }))}
        value={details.temporaryNumberId || null}
        onChange={(v) => set("temporaryNumberId", v ?? "")}
        error={errors.temporaryNumberId}
      />
    </Stack>
  );
}

interface PortInDialogProps {
  numbers: PhoneNumber[];
  onClose: () => void;
}

/** The guided port-in: check the numbers, give the carrier's details, sign the letter, submit. */
export function PortInDialog({ numbers: accountNumbers, onClose }: PortInDialogProps) {
  const api = usePortingApi();
  const [numbers, setNumbers] = useState("");
  const [results, setResults] = useState<Portability[] | null>(null);
  const [details, setDetails] = useState(emptyDetails);
  const [signerName, setSignerName] = useState("");
  const [drawing, setDrawing] = useState<string | undefined>();
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const check = usePortingMutation((list: string[]) => api.portability(list));
  const submit = usePortingMutation(api.create);

  const runCheck = () => {
    const list = numbersOf(numbers);
    if (list.length === 0) return setErrors({ numbers: "Enter at least one number." });
    check.mutate(list, {
      onSuccess: (answer) => {
        setErrors({});
        setResults(answer.results);
      },
      onError: (error) =>
        setErrors({ numbers: isRefusal(error) ? error.firstFieldMessage() : "The check failed." }),
    });
  };
  const set = (key: keyof Details, value: string) => setDetails((d) => ({ ...d, [key]: value }));
  const send = () => {
    const parsed = createPortInBodySchema.safeParse(
      bodyOf(numbers, details, { name: signerName, agreed, ...(drawing ? { drawing } : {}) }),
    );
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: "Port-In Submitted", description: "We will e-mail you at each step." });
        onClose();
      },
      onError: (error) =>
        setErrors({
          form: isRefusal(error) ? error.firstFieldMessage() : "The request could not be submitted.",
        }),
    });
  };
  const portable = results?.every((r) => r.portable) ?? false;

  return (
    <Modal opened onClose={onClose} title="Port a number" size="xl">
      <Stack>
        <Textarea
          label="Numbers to port (one per line, E.164)"
          placeholder="+13055550177"
          value={numbers}
          onChange={(e) => {
            setNumbers(e.currentTarget.value);
            setResults(null);
          }}
          error={errors.numbers}
          autosize
          minRows={2}
        />
        <Group>
          <Button onClick={runCheck} loading={check.isPending} variant="light">
            Check portability
          </Button>
        </Group>
        {results ? <PortabilityTable results={results} /> : null}
        {portable ? (
          <>
            <DetailsFields details={details} set={set} errors={errors} numbers={accountNumbers} />
            <Title order={3} size="h5">
              Letter of authorisation
            </Title>
            <Text size="sm">{LOA_AGREEMENT}</Text>
            <TextInput
              label="Signature: type the authorised person's full name"
              value={signerName}
              onChange={(e) => setSignerName(e.currentTarget.value)}
              error={errors["signature.signerName"]}
              required
            />
            <SignaturePad onChange={setDrawing} />
            <Checkbox
              label="I have read and agree to the letter of authorisation"
              checked={agreed}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
              error={errors["signature.agreed"]}
            />
            {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={send} loading={submit.isPending}>
                Sign and submit
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
