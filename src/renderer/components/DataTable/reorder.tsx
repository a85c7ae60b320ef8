import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { mergeClasses } from '@fluentui/react-components';
import { ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import type { DataTableStyles } from './styles';

export interface ReorderOptions<T> {
  data: readonly T[];
  rowIdOf: (row: T, index: number) => string;
  /** Receives the rows in their new order, and in the order reordering started from. Resolve false to stay in reorder mode. */
  onSave?: (rows: T[], started: readonly T[]) => Promise<boolean | void> | boolean | void;
  /** Leave reorder mode after a successful save (default true). */
  exitOnSave: boolean;
}

/** Reorder mode: a draft order of the whole list, changed by dragging, handed over by Save changes. */
export function useReorder<T>({ data, rowIdOf, onSave, exitOnSave }: ReorderOptions<T>) {
  const [active, setActive] = useState(false);
  const [order, setOrder] = useState<T[]>([]);
  // The order reordering started from: a save checks that the server still has it.
  const [started, setStarted] = useState<readonly T[]>([]);
  const [changed, setChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const start = () => {
    setOrder([...data]);
    setStarted([...data]);
    setChanged(false);
    setActive(true);
  };
  const stop = () => {
    setActive(false);
    setOrder([]);
    setStarted([]);
    setChanged(false);
  };
  const save = async () => {
    if (!onSave) return;
    setSaving(true);
    try {
      const outcome = await onSave(order, started);
      if (outcome !== false && exitOnSave) stop();
      else if (outcome !== false) setChanged(false);
    } finally {
      setSaving(false);
    }
  };
  const rowIds = useMemo(() => order.map((row, i) => rowIdOf(row, i)), [order, rowIdOf]);
  const move = (fromId: string, toId: string) => {
    const from = rowIds.indexOf(fromId);
    const to = rowIds.indexOf(toId);
    if (from < 0 || to < 0 || from === to) return;
    setOrder((current) => arrayMove(current, from, to));
    setChanged(true);
  };
  return { active, order, changed, saving, start, stop, save, rowIds, move, canSave: !!onSave };
}

export type Reorder<T> = ReturnType<typeof useReorder<T>>;

/** Rows only move up and down. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** The drag context around the body while reordering (mouse, and keyboard: Space, arrows, Space). */
export function ReorderContext<T>({ reorder, children }: { reorder: Reorder<T>; children: ReactNode }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) reorder.move(String(active.id), String(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} modifiers={[restrictToVerticalAxis]}>
      <SortableContext items={reorder.rowIds} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A row that can be dragged by its handle cell; `children` are its other cells. */
export function SortableRow({ id, height, ariaRowIndex, styles, disabled, children }: {
  id: string;
  height: number;
  ariaRowIndex: number;
  styles: DataTableStyles;
  disabled: boolean;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    height,
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  return (
    <tr ref={setNodeRef} className={mergeClasses(styles.tr, isDragging && styles.dragging)} style={style} aria-rowindex={ariaRowIndex}>
      <td className={styles.td}>
        <button type="button" ref={setActivatorNodeRef} className={styles.handle} aria-label={`Drag row ${ariaRowIndex - 1}`} {...attributes} {...listeners}>
          <ReOrderDotsVerticalRegular aria-hidden />
        </button>
      </td>
      {children}
    </tr>
  );
}
