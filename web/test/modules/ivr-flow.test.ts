import { describe, expect, it } from "vitest";
import {
  buildFlowGraph,
  type FlowInput,
  type FlowMenu,
  type FlowNumber,
  menuNodeId,
} from "../../src/modules/ivr/flow-graph";
import { layoutFlow, layoutInput, nodeSize } from "../../src/modules/ivr/flow-layout";

const menu = (id: string, options: FlowMenu["options"] = [], extra: Partial<FlowMenu> = {}): FlowMenu => ({
  id,
  name: `Menu ${id}`,
  timeoutSeconds: 10,
  timeoutAction: "repeat",
  timeoutActionDestination: null,
  invalidInputAction: "repeat",
  invalidInputActionDestination: null,
  maxInvalidInputs: 3,
  options,
  ...extra,
});

const destination = (type: string, target: string | null = null) => ({ type, target, ringGroup: [] });

const number = (open = destination("ivr_menu", "main"), after = open): FlowNumber => ({
  numberId: "num_1",
  e164: "+14075550123",
  businessHoursDestination: open,
  afterHoursDestination: after,
  holidays: [],
});

const input = (over: Partial<FlowInput>): FlowInput => ({
  menus: [],
  extensions: [{ id: "ext_a", extensionNumber: 101, name: "Alice" }],
  numbers: [number()],
  issues: [],
  numberId: "num_1",
  ...over,
});

const edgeList = (g: ReturnType<typeof buildFlowGraph>) =>
  g.edges.map((e) => `${e.source} -[${e.label}${e.back ? ", back" : ""}]-> ${e.target}`);

describe("buildFlowGraph", () => {
  it("draws a number → entry menu → keys tree, one edge for times of day that share a menu", () => {
    const g = buildFlowGraph(
      input({
        menus: [
          menu("main", [
            { keyPress: "1", action: "ivr_menu", destination: "sales" },
            { keyPress: "2", action: "extension", destination: "ext_a" },
            { keyPress: "0", action: "operator", destination: null },
          ]),
          menu("sales", [{ keyPress: "9", action: "hangup", destination: null }]),
        ],
      }),
    );
    expect(edgeList(g)).toEqual([
      "number:num_1 -[Business hours, After hours]-> menu:main",
      "menu:main -[Key 1]-> menu:sales",
      "menu:main -[Key 2]-> menu:main/key2",
      "menu:main -[Key 0]-> menu:main/key0",
      "menu:sales -[Key 9]-> menu:sales/key9",
    ]);
    const byId = new Map(g.nodes.map((n) => [n.id, n]));
    expect(byId.get("menu:main/key2")).toMatchObject({ kind: "extension", label: "Ext. 101 Alice" });
    expect(byId.get(menuNodeId("sales"))).toMatchObject({ kind: "menu", menuId: "sales", flag: null });
    expect(byId.get("menu:main/key0")?.kind).toBe("operator");
  });

  it.each([
    ["timeout to hang up", { timeoutAction: "hangup" }, ["menu:m -[Timeout]-> menu:m/timeout"]],
    [
      "invalid input to another menu",
      { invalidInputAction: "ivr_menu", invalidInputActionDestination: "other" },
      ["menu:m -[Invalid input]-> menu:other"],
    ],
    ["menu-level repeat stays in the menu (no edge)", { timeoutAction: "repeat" }, []],
  ])("menu-level paths: %s", (_name, extra, expected) => {
    const g = buildFlowGraph(
      input({
        menus: [menu("m", [], extra as Partial<FlowMenu>), menu("other")],
        numbers: [number(destination("ivr_menu", "m"))],
      }),
    );
    expect(edgeList(g).filter((e) => e.startsWith("menu:m "))).toEqual(expected);
  });

  it("marks an edge to a menu already on the path as a loop back", () => {
    const g = buildFlowGraph(
      input({
        menus: [
          menu("main", [{ keyPress: "1", action: "ivr_menu", destination: "sub" }]),
          menu("sub", [{ keyPress: "*", action: "ivr_menu", destination: "main" }]),
        ],
      }),
    );
    expect(edgeList(g)).toContain("menu:sub -[Key *, back]-> menu:main");
    expect(g.edges.filter((e) => e.back)).toHaveLength(1);
  });

  it("marks dangling destinations and the validator's findings", () => {
    const g = buildFlowGraph(
      input({
        menus: [
          menu("main", [
            { keyPress: "1", action: "ivr_menu", destination: "gone" },
            { keyPress: "2", action: "extension", destination: "ext_gone" },
          ]),
          menu("lonely"),
        ],
        issues: [
          { severity: "error", code: "dangling_rule", subject: "menu:main", message: "points at nothing" },
          { severity: "warning", code: "unreachable_menu", subject: "menu:lonely", message: "unreachable" },
        ],
      }),
    );
    const byId = new Map(g.nodes.map((n) => [n.id, n]));
    expect(byId.get("menu:main/key1")).toMatchObject({
      kind: "missing",
      label: "Missing menu",
      flag: "error",
    });
    expect(byId.get("menu:main/key2")).toMatchObject({ kind: "missing", label: "Missing extension" });
    expect(byId.get("menu:main")).toMatchObject({ flag: "error", issues: ["points at nothing"] });
    // Unreachable: shown (marked) although the number does not lead to it.
    expect(byId.get("menu:lonely")).toMatchObject({ flag: "warning", issues: ["unreachable"] });
  });

  it("draws only the number's tree, or every menu when no number is chosen", () => {
    const menus = [menu("main"), menu("elsewhere")];
    expect(buildFlowGraph(input({ menus })).nodes.map((n) => n.id)).toEqual(["number:num_1", "menu:main"]);
    expect(buildFlowGraph(input({ menus, numberId: null })).nodes.map((n) => n.id)).toEqual([
      "menu:main",
      "menu:elsewhere",
    ]);
  });

  it("draws a number's non-menu destinations as end nodes", () => {
    const g = buildFlowGraph(
      input({ numbers: [number(destination("extension", "ext_a"), destination("voicemail"))] }),
    );
    expect(g.nodes.map((n) => [n.kind, n.label])).toEqual([
      ["number", "+14075550123"],
      ["extension", "Ext. 101 Alice"],
      ["voicemail", "Voicemail"],
    ]);
  });
});

/** A tree of `count` menus, three keys each, plus a key back to the root in every leaf. */
function tree(count: number): FlowMenu[] {
  return Array.from({ length: count }, (_, i) => {
    const children = [1, 2, 3].map((k) => 3 * i + k).filter((c) => c < count);
    const options = children.map((c, k) => ({
      keyPress: String(k + 1),
      action: "ivr_menu",
      destination: `m${c}`,
    }));
    if (children.length === 0) options.push({ keyPress: "0", action: "ivr_menu", destination: "m0" });
    return menu(`m${i}`, options);
  });
}

describe("layoutInput and layoutFlow", () => {
  it("gives dagre every node with its size and the forward edges only", () => {
    const g = buildFlowGraph(input({ menus: tree(4), numbers: [number(destination("ivr_menu", "m0"))] }));
    const layout = layoutInput(g);
    expect(layout.nodes).toHaveLength(g.nodes.length);
    expect(layout.nodes.find((n) => n.id === "menu:m0")).toMatchObject(nodeSize("menu"));
    // Leaves' keys back to the root are loops: drawn, not laid out.
    expect(g.edges.filter((e) => e.back).map((e) => e.source)).toEqual(["menu:m1", "menu:m2", "menu:m3"]);
    expect(layout.edges).toHaveLength(g.edges.length - 3);
    expect(layout.edges.some((e) => e.target === "menu:m0" && e.source !== "number:num_1")).toBe(false);
  });

  // 13 menus: dagre's full ordering; 200: the large-graph path (no crossing-reduction sweeps).
  it.each([13, 200])("places each menu below the one leading to it, without overlaps (%i menus)", (count) => {
    const g = buildFlowGraph(input({ menus: tree(count), numbers: [number(destination("ivr_menu", "m0"))] }));
    const positions = layoutFlow(layoutInput(g));
    const y = (id: string) => positions.get(id)?.y ?? Number.NaN;
    expect(y("number:num_1")).toBeLessThan(y("menu:m0"));
    expect(y("menu:m0")).toBeLessThan(y("menu:m1"));
    expect(y("menu:m1")).toBeLessThan(y("menu:m4"));
    const boxes = g.nodes.map((n) => ({
      ...nodeSize(n.kind),
      ...(positions.get(n.id) as { x: number; y: number }),
    }));
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart).toBe(true);
      }
  });
});
