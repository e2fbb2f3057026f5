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
import { availableQuerySchema, NUMBER_LIMITS } from "@poundline/contracts/numbers/schemas";
import { usStates } from "@poundline/db/enums";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { AvailableNumber, AvailableQuery, NumberRequest } from "../../api/numbers";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatPhone } from "../../ui/format";
import { toast } from "../../ui/toast";
import { includedText, monthlyPriceText } from "./format";
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

/** The numbers for sale that a search found, and their price. */
type AvailableList = NonNullable<ReturnType<typeof useAvailableNumbers>["data"]>;

interface SearchFormProps {
  request: NumberRequest | null;
  friendlyName: string;
  setFriendlyName: (name: string) => void;
  searching: boolean;
  /** A valid search to run; null when the number type changes (the results no longer apply). */
  onQuery: (query: AvailableQuery | null) => void;
}

function LocalSearchFields({
  searchBy,
  setSearchBy,
  areaCode,
  setAreaCode,
  state,
  setState,
  errors,
}: LocalSearch) {
  return (
    <>
      <Radio.Group label="Search by" value={searchBy} onChange={(value) => setSearchBy(value as SearchBy)}>
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
  );
}

interface LocalSearch {
  searchBy: SearchBy;
  setSearchBy: (by: SearchBy) => void;
  areaCode: string;
  setAreaCode: (code: string) => void;
  state: string | null;
  setState: (state: string | null) => void;
  errors: Record<string, string>;
}

/** The first message of each field the schema refused (a state search has one field). */
function searchErrors(issues: readonly { path: PropertyKey[]; message: string }[], searchBy: SearchBy) {
  const next: Record<string, string> = {};
  for (const issue of issues) {
    const field = searchBy === "state" ? "state" : String(issue.path[0] ?? "areaCode");
    next[field] ??= issue.message;
  }
  return next;
}

function SearchForm({ request, friendlyName, setFriendlyName, searching, onQuery }: SearchFormProps) {
  const [numberType, setNumberType] = useState<NumberType>(request?.numberType ?? "local");
  const [searchBy, setSearchBy] = useState<SearchBy>("areaCode");
  const [areaCode, setAreaCode] = useState(request?.areaCode ?? "");
  const [state, setState] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function search(event: React.FormEvent) {
    event.preventDefault();
    const candidate = {
      type: numberType,
      ...(numberType === "local" && searchBy === "areaCode" ? { areaCode: areaCode.trim() } : {}),
      ...(numberType === "local" && searchBy === "state" && state ? { state } : {}),
    };
    const parsed = availableQuerySchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(searchErrors(parsed.error.issues, searchBy));
      return;
    }
    setErrors({});
    onQuery(candidate);
  }

  const chooseSearchBy = (by: SearchBy) => {
    setSearchBy(by);
    setErrors({});
  };
  return (
    <form onSubmit={search} noValidate>
      <Stack>
        <Select
          label="Number Type"
          data={typeOptions}
          value={numberType}
          onChange={(value) => {
            setNumberType((value as NumberType | null) ?? "local");
            onQuery(null);
          }}
          allowDeselect={false}
        />
        {numberType === "local" ? (
          <LocalSearchFields
            {...{ searchBy, areaCode, setAreaCode, state, setState, errors }}
            setSearchBy={chooseSearchBy}
          />
        ) : null}
        <TextInput
          label="Friendly Name"
          description="Optional: how this number is named in the console."
          maxLength={NUMBER_LIMITS.friendlyName}
          value={friendlyName}
          onChange={(event) => setFriendlyName(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={searching}>
            Search Numbers
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ConfirmPurchaseProps {
  number: AvailableNumber;
  price: AvailableList["price"];
  buying: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

function ConfirmPurchase({ number, price, buying, onCancel, onConfirm }: ConfirmPurchaseProps) {
  return (
    <Alert color="blue" title={`Buy ${formatPhone(number.e164)}?`}>
      <Stack gap="sm">
        <Text size="sm">
          Price: <strong>{monthlyPriceText(price.monthlyCents)}</strong>, {includedText(price)}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={buying}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={buying} data-autofocus>
            Confirm Purchase
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function AvailableNumbers({
  list,
  buying,
  onPick,
}: {
  list: AvailableList;
  buying: boolean;
  onPick: (n: AvailableNumber) => void;
}) {
  if (list.numbers.length === 0)
    return <Text>No numbers available for this search. Try another area code or state.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">
        Each number: {monthlyPriceText(list.price.monthlyCents)}, {includedText(list.price)}.
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
          {list.numbers.map((number) => (
            <Table.Tr key={number.e164}>
              <Table.Td>{formatPhone(number.e164)}</Table.Td>
              <Table.Td>{number.region ?? "Toll-free"}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  onClick={() => onPick(number)}
                  disabled={buying}
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

/** Search numbers for sale (local by area code or state, toll-free) and buy one. */
export function BuyNumberDialog({ request, onClose }: BuyNumberDialogProps) {
  useReturnFocus();
  const api = useNumbersApi();
  const [friendlyName, setFriendlyName] = useState(
    request?.purpose?.slice(0, NUMBER_LIMITS.friendlyName) ?? "",
  );
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

  function purchase(number: AvailableNumber) {
    setRefusal(null);
    buy.mutate(number, {
      onSettled: () => setConfirming(null),
      onSuccess: (bought) => {
        toast({ title: "Number Purchased", description: `${formatPhone(bought.e164)} is now yours.` });
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
        <SearchForm
          request={request}
          friendlyName={friendlyName}
          setFriendlyName={setFriendlyName}
          searching={available.isFetching}
          onQuery={(next) => {
            if (next) setRefusal(null);
            setQuery(next);
          }}
        />
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
          <ConfirmPurchase
            number={confirming}
            price={available.data.price}
            buying={buy.isPending}
            onCancel={() => setConfirming(null)}
            onConfirm={() => purchase(confirming)}
          />
        ) : (
          <AvailableNumbers
            list={available.data}
            buying={buy.isPending}
            onPick={(number) => {
              setRefusal(null);
              setConfirming(number);
            }}
          />
        )}
      </Stack>
    </Modal>
  );
}
