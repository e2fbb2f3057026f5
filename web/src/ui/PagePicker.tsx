import { Group, Pagination } from "@mantine/core";

const CONTROL_LABELS = {
  first: "First page",
  last: "Last page",
  next: "Next page",
  previous: "Previous page",
};

/** Mantine's pagination with a name on every button (its arrows have none), hidden for one page. */
export function PagePicker({
  pages,
  page,
  onChange,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getItemProps={(n) => ({ "aria-label": `Page ${n}` })}
        getControlProps={(control) => ({ "aria-label": CONTROL_LABELS[control] })}
      />
    </Group>
  );
}
