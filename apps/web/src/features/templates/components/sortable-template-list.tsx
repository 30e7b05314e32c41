// A group's templates in rotation order, reordered by dragging the handle or with the keyboard
// (focus the handle, Space to lift, arrow keys to move, Space to drop, Escape to cancel), through
// @dnd-kit, which also announces each move to screen readers.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, X } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

export type ListItem = { id: string; name: string; isActive: boolean };

type Props = {
  items: ListItem[];
  disabled?: boolean;
  onReorder: (ids: string[]) => void;
  onRemove: (id: string) => void;
};

function Row({ item, index, disabled, onRemove }: { item: ListItem; index: number; disabled: boolean; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="group-template"
      className={cn(
        'flex items-center gap-2 rounded-md border bg-card py-1.5 pr-1 pl-1 text-sm',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-primary/40',
        !item.isActive && 'opacity-60',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing disabled:cursor-not-allowed"
        aria-label={`Reorder ${item.name}`}
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        <GripVertical className="size-4" />
      </button>
      <span className="w-5 shrink-0 text-right text-xs tabular-nums text-muted-foreground">{index + 1}.</span>
      <span className="min-w-0 flex-1 truncate">{item.name}</span>
      {!item.isActive && <Badge variant="secondary">Inactive</Badge>}
      <Button variant="ghost" size="icon-sm" onClick={onRemove} disabled={disabled} aria-label={`Remove ${item.name} from the group`}>
        <X />
      </Button>
    </li>
  );
}

export function SortableTemplateList({ items, disabled = false, onReorder, onRemove }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => items.find((i) => i.id === id)?.name ?? 'template';
  const positionOf = (id: string | number) => items.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${items.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.` : undefined),
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} stays where it was.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = items.map((i) => i.id);
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To reorder, press Space, move with the arrow keys, then press Space again to drop or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className="grid gap-1.5" aria-label="Templates in rotation order">
          {items.map((item, index) => (
            <Row key={item.id} item={item} index={index} disabled={disabled} onRemove={() => onRemove(item.id)} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
