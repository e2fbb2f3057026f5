import "@xyflow/react/dist/style.css";
import { Badge, Text } from "@mantine/core";
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from "@xyflow/react";
import { useLayoutEffect, useMemo, useRef } from "react";
import { buildFlowGraph, type FlowInput, type FlowNode } from "./flow-graph";
import { LARGE_GRAPH_NODES, layoutFlow, layoutInput, nodeSize } from "./flow-layout";

/** The marks the speed check reads (infra/e2e/ivr-menus.spec.ts). */
export const DIAGRAM_MARKS = {
  dataReady: "ivr-diagram:data-ready",
  layoutDone: "ivr-diagram:layout-done",
  measure: "ivr-diagram:layout",
} as const;

type DiagramNode = Node<{ flow: FlowNode; current: boolean }, "flow">;

const KIND_WORDS: Partial<Record<FlowNode["kind"], string>> = {
  number: "Number",
  menu: "IVR menu",
  missing: "Dangling destination",
};

function FlowNodeCard({ data }: NodeProps<DiagramNode>) {
  const { flow, current } = data;
  const border =
    flow.flag === "error"
      ? "2px solid var(--mantine-color-red-7)"
      : flow.flag === "warning"
        ? "2px dashed var(--mantine-color-orange-7)"
        : "1px solid var(--mantine-color-gray-5)";
  return (
    <div
      data-testid={`flow-node-${flow.id}`}
      data-current={current || undefined}
      title={flow.issues.join("\n") || undefined}
      style={{
        ...nodeSize(flow.kind),
        boxSizing: "border-box",
        padding: "6px 10px",
        borderRadius: 8,
        border,
        outline: current ? "4px solid var(--mantine-color-blue-6)" : undefined,
        background:
          flow.kind === "menu"
            ? "var(--mantine-color-blue-0)"
            : flow.kind === "number"
              ? "var(--mantine-color-gray-1)"
              : "var(--mantine-color-body)",
        color: "var(--mantine-color-black)",
        cursor: flow.menuId ? "pointer" : "default",
        overflow: "hidden",
      }}
    >
      {flow.kind !== "number" && <Handle type="target" position={Position.Top} />}
      <Text size="sm" fw={600} truncate>
        {KIND_WORDS[flow.kind] && flow.kind !== "missing" ? `${KIND_WORDS[flow.kind]}: ` : ""}
        {flow.label}
      </Text>
      {flow.detail && (
        <Text size="xs" truncate>
          {flow.detail}
        </Text>
      )}
      {flow.flag && (
        <Badge size="xs" color={flow.flag === "error" ? "red.9" : "yellow.4"} autoContrast variant="filled">
          {flow.flag === "error" ? "Dangling" : "Unreachable"}
        </Badge>
      )}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

const nodeTypes = { flow: FlowNodeCard };

const EDGE_COLOURS = {
  entry: "var(--mantine-color-gray-7)",
  key: "var(--mantine-color-blue-8)",
  timeout: "var(--mantine-color-gray-7)",
  invalid: "var(--mantine-color-orange-9)",
} as const;

interface FlowDiagramProps {
  input: FlowInput;
  /** The menu a Try it call is in, highlighted. */
  currentMenuId: string | null;
  onOpenMenu: (menuId: string) => void;
}

/**
 * The menu tree of a number drawn with React Flow: laid out by dagre top to bottom, loops drawn
 * as edges back, dangling destinations and unreachable menus marked. A chunk of its own (lazy).
 */
export function FlowDiagram({ input, currentMenuId, onOpenMenu }: FlowDiagramProps) {
  // Marked before the graph is built and laid out; the layout effect marks the end, once drawn.
  const started = useRef(false);
  const laidOut = useMemo(() => {
    performance.mark(DIAGRAM_MARKS.dataReady);
    started.current = true;
    const graph = buildFlowGraph(input);
    const positions = layoutFlow(layoutInput(graph));
    return { graph, positions };
  }, [input]);

  useLayoutEffect(() => {
    if (!started.current || !laidOut) return;
    started.current = false;
    performance.mark(DIAGRAM_MARKS.layoutDone);
    performance.measure(DIAGRAM_MARKS.measure, DIAGRAM_MARKS.dataReady, DIAGRAM_MARKS.layoutDone);
  }, [laidOut]);

  const nodes: DiagramNode[] = useMemo(
    () =>
      laidOut.graph.nodes.map((flow) => ({
        id: flow.id,
        type: "flow",
        position: laidOut.positions.get(flow.id) ?? { x: 0, y: 0 },
        data: { flow, current: flow.menuId !== null && flow.menuId === currentMenuId },
        draggable: false,
        connectable: false,
        ariaLabel:
          `${KIND_WORDS[flow.kind] ?? ""} ${flow.label}${flow.flag ? ` (${flow.issues.join(" ")})` : ""}`.trim(),
      })),
    [laidOut, currentMenuId],
  );

  const edges: Edge[] = useMemo(
    () =>
      laidOut.graph.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        label: e.back ? `${e.label} (loop)` : e.label,
        type: e.back ? "smoothstep" : "default",
        animated: e.back,
        style: {
          stroke: e.back ? "var(--mantine-color-violet-8)" : EDGE_COLOURS[e.kind],
          strokeDasharray: e.kind === "timeout" || e.kind === "invalid" ? "6 4" : undefined,
        },
        markerEnd: { type: MarkerType.ArrowClosed },
        selectable: false,
        focusable: false,
      })),
    [laidOut],
  );

  return (
    <div style={{ height: 560, width: "100%" }} data-testid="ivr-flow-diagram" data-nodes={nodes.length}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        minZoom={0.05}
        nodesConnectable={false}
        nodesDraggable={false}
        elementsSelectable
        // A big tree renders only the nodes on screen.
        onlyRenderVisibleElements={nodes.length > LARGE_GRAPH_NODES}
        onNodeClick={(_, node) => {
          const menuId = (node as DiagramNode).data.flow.menuId;
          if (menuId) onOpenMenu(menuId);
        }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
