import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';

export interface SortableListProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  /** The accessible name of an item's drag handle, e.g. 'Move Hall'. */
  handleLabel: (item: T) => string;
  /** What a screen reader calls an item while it moves, e.g. 'Hall' (dnd-kit's own words would read out its id). */
  nameOf: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Called once a drag (mouse, touch or keyboard: space, arrows, space) drops an item at a new index. */
  onMove: (from: number, to: number) => void;
  className?: string;
}

/** A vertical list the owner reorders with the mouse, a finger or the keyboard (the editor's image sidebar). */
export function SortableList<T>({ items, idOf, handleLabel, nameOf, renderItem, onMove, className }: SortableListProps<T>) {
  // A touch must rest briefly before it drags so the sidebar still scrolls under a finger.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const name = (id: UniqueIdentifier) => nameOf(items[ids.indexOf(String(id))]);
  const place = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, at ${place(active.id)}.`,
    // Over itself (which dnd-kit also reports right after the pick-up), nothing has moved: the pick-up stays heard.
    onDragOver: ({ active, over }) =>
      over?.id === active.id ? undefined : over ? `${name(active.id)} moved to ${place(over.id)}.` : `${name(active.id)} is outside the list.`,
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at ${place(over.id)}.` : `${name(active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} cancelled: it stays at ${place(active.id)}.`,
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move it, press space or enter, then the arrow keys; space or enter drops it, escape cancels.' },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={className}>
          {items.map((item, index) => (
            <SortableItem key={ids[index]} id={ids[index]} handleLabel={handleLabel(item)}>
              {renderItem(item, index)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, handleLabel, children }: { id: string; handleLabel: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      data-sortable-id={id}
      className={isDragging ? 'ad-dragging' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button type="button" className="ad-handle" ref={setActivatorNodeRef} aria-label={handleLabel} {...attributes} {...listeners}>
        ⠿
      </button>
      {children}
    </li>
  );
}
