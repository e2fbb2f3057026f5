import { Card, ScrollArea, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import type { Analytics } from "../../../api/analytics";
import { formatHour, WEEKDAYS } from "../format";

/** Background and text colour of a cell by its share of the busiest cell (readable at every level). */
function shade(calls: number, max: number) {
  if (calls === 0 || max === 0)
    return { background: "var(--mantine-color-gray-0)", color: "var(--mantine-color-gray-7)" };
  const level = Math.min(9, Math.max(1, Math.ceil((calls / max) * 9)));
  return {
    background: `var(--mantine-color-blue-${level})`,
    color: level >= 8 ? "var(--mantine-color-white)" : "var(--mantine-color-black)",
  };
}

/**
 * Calls by weekday and hour in the account's time zone: a table, so a screen reader reads each
 * cell's day, hour and count; the colour only repeats the number.
 */
export function BusiestHours({ cells, timeZone }: { cells: Analytics["busiestHours"]; timeZone: string }) {
  const max = cells.reduce((m, c) => Math.max(m, c.calls), 0);
  const at = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.calls]));
  const hours = Array.from({ length: 24 }, (_, h) => h);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="busiest-hours">
      <Title order={2} size="h4" id="busiest-hours">
        Busiest Hours
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Calls by day of the week and hour ({timeZone})
      </Text>
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-labelledby": "busiest-hours" }}>
        <Table
          withTableBorder={false}
          horizontalSpacing={2}
          verticalSpacing={2}
          fz="xs"
          miw={760}
          aria-labelledby="busiest-hours"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <VisuallyHidden>Day</VisuallyHidden>
              </Table.Th>
              {hours.map((h) => (
                <Table.Th key={h} scope="col" ta="center" fw={500}>
                  <abbr title={`${h}:00`} style={{ textDecoration: "none" }}>
                    {formatHour(h)}
                  </abbr>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WEEKDAYS.map((day, weekday) => (
              <Table.Tr key={day}>
                <Table.Th scope="row" fw={500}>
                  {day.slice(0, 3)}
                </Table.Th>
                {hours.map((h) => {
                  const calls = at.get(`${weekday}:${h}`) ?? 0;
                  return (
                    <Table.Td
                      key={h}
                      ta="center"
                      style={{ ...shade(calls, max), borderRadius: 3, minWidth: 26 }}
                      title={`${day} ${h}:00–${h + 1}:00: ${calls} calls`}
                    >
                      {calls}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
