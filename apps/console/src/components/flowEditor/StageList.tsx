import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Chip, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { moveStage, removeStage, type Stage, setStageKinds } from './stages';

interface Props {
  stages: Stage[];
  onChange: (stages: Stage[]) => void;
  /** Messages per stage index (an empty stage). */
  errors: Record<number, string | undefined>;
}

interface RowProps {
  stage: Stage;
  index: number;
  count: number;
  error?: string;
  onKinds: (kinds: CredentialType[]) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function StageRow({ stage, index, count, error, onKinds, onMove, onRemove }: RowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: stage.id,
  });
  const n = index + 1;
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      component="li"
      data-testid="flow-stage"
      sx={{
        p: 1,
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : undefined,
        position: 'relative',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('flowEditor.drag', { n })}
          sx={{ cursor: 'grab' }}
        >
          <DragIndicatorIcon />
        </IconButton>
        <Typography sx={{ minWidth: 24, fontWeight: 500 }} aria-hidden>
          {n}.
        </Typography>
        <TextField
          select
          fullWidth
          size="small"
          label={t('flowEditor.stageKinds', { n })}
          value={stage.kinds}
          error={Boolean(error)}
          helperText={error}
          onChange={(e) => {
            const v = e.target.value as unknown;
            onKinds((typeof v === 'string' ? v.split(',') : (v as string[])) as CredentialType[]);
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {(selected as CredentialType[]).map((k) => (
                    <Chip key={k} size="small" label={t(`credentials.types.${k}`)} />
                  ))}
                </Stack>
              ),
            },
          }}
        >
          {CREDENTIAL_TYPES.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`credentials.types.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={t('flowEditor.moveUp')}>
          <span>
            <IconButton
              aria-label={t('flowEditor.moveUpNamed', { n })}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <ArrowUpwardIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('flowEditor.moveDown')}>
          <span>
            <IconButton
              aria-label={t('flowEditor.moveDownNamed', { n })}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <ArrowDownwardIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('flowEditor.removeStage')}>
          <IconButton aria-label={t('flowEditor.removeStageNamed', { n })} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </Paper>
  );
}

/**
 * The flow's stages in order. Reordered by dragging the handle (mouse or, with the handle
 * focused, Space then the arrow keys) or with the Move up / Move down buttons.
 */
export function StageList({ stages, onChange, errors }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = stages.findIndex((s) => s.id === active.id);
    const to = stages.findIndex((s) => s.id === over.id);
    onChange(moveStage(stages, from, to));
  };
  const labelOf = (id: string | number) => String(stages.findIndex((s) => s.id === id) + 1);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('flowEditor.dragInstructions') },
        announcements: {
          onDragStart: ({ active }) => t('flowEditor.picked', { n: labelOf(active.id) }),
          onDragOver: ({ over }) => (over ? t('flowEditor.over', { n: labelOf(over.id) }) : undefined),
          onDragEnd: ({ over }) => (over ? t('flowEditor.dropped', { n: labelOf(over.id) }) : undefined),
          onDragCancel: () => t('flowEditor.cancelled'),
        },
      }}
    >
      <SortableContext items={stages.map((s) => s.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ol" spacing={1} sx={{ p: 0, m: 0 }} aria-label={t('flowEditor.stages')}>
          {stages.map((stage, i) => (
            <StageRow
              key={stage.id}
              stage={stage}
              index={i}
              count={stages.length}
              error={errors[i]}
              onKinds={(kinds) => onChange(setStageKinds(stages, i, kinds))}
              onMove={(to) => onChange(moveStage(stages, i, to))}
              onRemove={() => onChange(removeStage(stages, i))}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
