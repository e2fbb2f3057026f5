import {
  Alert,
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
  VisuallyHidden,
} from "@mantine/core";
import { availableQuerySchema, NUMBER_LIMITS } from "@poundline/api/numbers/schemas";
import { usStates } from "@poundline/db/enums";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { AvailableNumber, AvailableQuery, NumberRequest } from "../../api/numbers";
import { toast } from "../../lib/toast";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatNumber, includedText, monthlyPriceText } from "./format";
import { useAvailableNumbers, useNumberMutation, useNumbersApi } from "./hooks";

type NumberType = "local" | "toll-free";
type SearchBy = "areaCode" | "state";

const typeOptions = [
  { value: "local", label: "Local Number" },
  { value: "toll-free", label: "Toll-Free Number" },
];
const stateOptions = usStates.map((code) => ({ value: code, label: code }));

interface BuyNumberDialogProps {
  /** The number request this purchase fulfils, if any: its type and area code fill the search. */
  request: NumberRequest | null;
  onClose: () => void;
}

/** Search numbers for sale (local by area code or state, toll-free) and buy one. */
export function BuyNumberDialog({ request, onClose }: BuyNumberDialogProps) {
  useReturnFocus();
  const api = useNumbersApi();
  const [numberType, setNumberType] = useState<NumberType>(request?.numberType ?? "local");
  const [searchBy, setSearchBy] = useState<SearchBy>("areaCode");
  const [areaCode, setAreaCode] = useState(request?.areaCode ?? "");
  const [state, setState] = useState<string | null>(null);
  const [friendlyName, setFriendlyName] = useState(
    request?.purpose?.slice(0, NUMBER_LIMITS.friendlyName) ?? "",
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [query, setQuery] = useState<AvailableQuery | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The number picked, waiting for the user to confirm its price. */
  const [confirming, setConfirming] = useState<AvailableNumber | null>(null);
  const available = useAvailableNumbers(query);
  const buy = useNumberMutation((number: AvailableNumber) =>
    api.buy({
      e164: number.e164,
      ...(friendlyName.trim() ? { friendlyName: friendlyName.trim() } : {}),
      ...(request ? { requestId: request.id } : {}),
    }),
  );

  function search(event: React.FormEvent) {
    event.preventDefault();
    const candidate = {
      type: numberType,
      ...(numberType === "local" && searchBy === "areaCode" ? { areaCode: areaCode.trim() } : {}),
      ...(numberType === "local" && searchBy === "state" && state ? { state } : {}),
    };
    const parsed = availableQuerySchema.safeParse(candidate);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = searchBy === "state" ? "state" : String(issue.path[0] ?? "areaCode");
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setRefusal(null);
    setQuery(candidate);
  }

  function purchase(number: AvailableNumber) {
    setRefusal(null);
    buy.mutate(number, {
      onSettled: () => setConfirming(null),
      onSuccess: (bought) => {
        toast({ title: "Number Purchased", description: `${formatNumber(bought.e164)} is now yours.` });
        onClose();
      },
      onError: (error) => {
        // Told once, in the dialog the person is looking at (a toast said the same a second time).
        setRefusal(isRefusal(error) ? error.firstFieldMessage() : error.message);
      },
    });
  }

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={request ? "Fulfil Number Request" : "Buy a Phone Number"}
      size="lg"
    >
      <Stack>
        <form onSubmit={search} noValidate>
          <Stack>
            <Select
              label="Number Type"
              data={typeOptions}
              value={numberType}
              onChange={(value) => {
                setNumberType((value as NumberType | null) ?? "local");
                setQuery(null);
              }}
              allowDeselect={false}
            />
            {numberType === "local" ? (
              <>
                <Radio.Group
                  label="Search by"
                  value={searchBy}
                  onChange={(value) => {
                    setSearchBy(value as SearchBy);
                    setErrors({});
                  }}
                >
                  <Group mt={4}>
                    <Radio value="areaCode" label="By area code" />
                    <Radio value="state" label="By state" />
                  </Group>
                </Radio.Group>
                {searchBy === "areaCode" ? (
                  <TextInput
                    label="Area Code"
                    inputMode="numeric"
                    maxLength={3}
                    value={areaCode}
                    onChange={(event) => setAreaCode(event.currentTarget.value)}
                    error={errors.areaCode}
                  />
                ) : (
                  <Select
                    label="State"
                    data={stateOptions}
                    value={state}
                    onChange={setState}
                    searchable
                    error={errors.state}
                  />
                )}
              </>
            ) : null}
            <TextInput
              label="Friendly Name"
              description="Optional: how this number is named in the console."
              maxLength={NUMBER_LIMITS.friendlyName}
              value={friendlyName}
              onChange={(event) => setFriendlyName(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={available.isFetching}>
                Search Numbers
              </Button>
            </Group>
          </Stack>
        </form>

        {refusal ? (
          <Alert color="red" title="Cannot buy this number" role="alert">
            {refusal}
          </Alert>
        ) : null}
        {query === null ? null : available.isPending ? (
          <Group>
            <Loader size="sm" />
            <Text>Searching numbers...</Text>
          </Group>
        ) : available.isError ? (
          <Alert color="red" title="Search failed" role="alert">
            {available.error.message}
          </Alert>
        ) : confirming ? (
          <Alert color="blue" title={`Buy ${formatNumber(confirming.e164)}?`}>
            <Stack gap="sm">
              <Text size="sm">
                Price: <strong>{monthlyPriceText(available.data.price.monthlyCents)}</strong>,{" "}
                {includedText(available.data.price)}.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(null)} disabled={buy.isPending}>
                  Cancel
                </Button>
                <Button onClick={() => purchase(confirming)} loading={buy.isPending} data-autofocus>
                  Confirm Purchase
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : available.data.numbers.length === 0 ? (
          <Text>No numbers available for this search. Try another area code or state.</Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              Each number: {monthlyPriceText(available.data.price.monthlyCents)},{" "}
              {includedText(available.data.price)}.
            </Text>
            <Table aria-label="Available numbers" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Region</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Action</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {available.data.numbers.map((number) => (
                  <Table.Tr key={number.e164}>
                    <Table.Td>{formatNumber(number.e164)}</Table.Td>
                    <Table.Td>{number.region ?? "Toll-free"}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        onClick={() => {
                          setRefusal(null);
                          setConfirming(number);
                        }}
                        disabled={buy.isPending}
                        aria-label={`Buy ${formatNumber(number.e164)}`}
                      >
                        Buy
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
