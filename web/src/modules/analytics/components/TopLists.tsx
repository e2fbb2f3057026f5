import { Card, SimpleGrid, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { Analytics } from "../../../api/analytics";
import { formatCount, formatPhone } from "../../../ui/format";

function Ranked({
  id,
  title,
  head,
  rows,
  empty,
}: {
  id: string;
  title: string;
  head: string;
  rows: { key: string; label: ReactNode; calls: number }[];
  empty: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="gray.7">{empty}</Text>
      ) : (
        <Table striped aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{head}</Table.Th>
              <Table.Th scope="col" ta="right">
                Calls
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right">{formatCount(row.calls)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** Who calls most, and from where (area codes and their states or provinces). */
export function TopLists({ data }: { data: Analytics }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Ranked
        id="top-callers"
        title="Top Callers"
        head="Caller"
        empty="No incoming calls in this range."
        rows={data.topCallers.map((c) => ({
          key: c.number,
          calls: c.calls,
          label: c.name ? (
            <>
              {c.name}
              <Text span size="xs" c="gray.7" ml={6}>
                {formatPhone(c.number)}
              </Text>
            </>
          ) : (
            formatPhone(c.number)
          ),
        }))}
      />
      <Ranked
        id="top-area-codes"
        title="Top Area Codes"
        head="Area code"
        empty="No North American callers in this range."
        rows={data.topAreaCodes.map((a) => ({
          key: a.areaCode,
          calls: a.calls,
          label: a.region ? `${a.areaCode} (${a.region})` : a.areaCode,
        }))}
      />
      <Ranked
        id="top-states"
        title="Top States"
        head="State or province"
        empty="No North American callers in this range."
        rows={data.topStates.map((s) => ({ key: s.region, calls: s.calls, label: s.region }))}
      />
    </SimpleGrid>
  );
}
