import { useState } from 'react';
import * as v from 'valibot';
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { LANGUAGES } from '../../../shared/constants';
import { ENGAGEMENT_MSG as M, ENGAGEMENT_TEXT as T } from '../../../shared/engagement-messages';
import {
  TIP_TEXT_MAX,
  TipCreateSchema,
  TipUpdateSchema,
  emptyTipRow,
  tipRowsOf,
  type TipCreateInput,
  type TipRow,
} from '../../../shared/schemas/quotes';
import type { CallError } from '../../../shared/result';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { optionsOf, type CustomFieldContext, type FieldDescriptor, type FieldOption } from '../../components/EntityDialog';
import { callQuery } from '../../lib/calls';
import { useBusinessIdeaOptions, useGroupOptions } from '../../lib/lookups';
import { authored, text } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, recordForm, resource } from '../../kit/Resource';
import { ENGAGEMENT_PAGE_SIZE } from '../../lib/page-sizes';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  grow: { flexGrow: 1 },
});

/**
 * The spec's two texts per save: the 'Not ...' one when the server answers without success (and
 * without a message of its own), the 'Error while ...' one when no answer came at all.
 */
const rules = (notDone: string, noAnswer: string, success: string) => ({
  fallback: notDone,
  override: (error: CallError) => (error.kind === 'network' ? noAnswer : null),
  successFallback: success,
});

/** The edit form: one language and text row, and the tip's groups, ideas and image. */
const TipEditSchema = v.omit(TipUpdateSchema, ['id', 'quoteId']);
type TipEdit = v.InferOutput<typeof TipEditSchema>;

const columns = ({ editColumn, deleteColumn }: ScreenActions<TipRow>) => [
  text<TipRow>('id', 'Tip ID', { width: 90 }),
  text<TipRow>('language', 'Language', { width: 120, filter: 'select', filterOptions: LANGUAGES }),
  text<TipRow>('text', 'Tip', { minWidth: 200 }),
  ...authored<TipRow>((r) => r.meta),
  editColumn((r) => `Edit tip ${r.id} ${r.language}`),
  deleteColumn((r) => `Delete tip ${r.id} ${r.language}`),
];

/** The background image's address; removing one asks first (spec 2 section 4). */
function ImageAddress({ id, value, onChange, onBlur, disabled }: CustomFieldContext) {
  const styles = useStyles();
  const [asking, setAsking] = useState(false);
  const address = typeof value === 'string' ? value : '';
  return (
    <div className={styles.row}>
      <Input id={id} className={styles.grow} type="url" value={address} disabled={disabled} placeholder="https://…" onChange={(_e, d) => onChange(d.value)} onBlur={onBlur} />
      {address ? (
        <Button icon={<DeleteRegular />} disabled={disabled} onClick={() => setAsking(true)}>
          Remove image
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Remove the background image?"
        text="The tip will show without a background image."
        confirmLabel="Remove"
        cancelLabel="Keep"
        danger
        onConfirm={() => {
          setAsking(false);
          onChange('');
        }}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

/** Groups, business ideas and the background image: the same in both forms. */
const sharedFields = (groups: FieldOption[], ideas: FieldOption[]): FieldDescriptor<'keywords' | 'businessIdeas' | 'backgroundImage'>[] => [
  { kind: 'multiselect', name: 'keywords', label: 'Groups', required: true, options: groups, placeholder: 'Select groups' },
  { kind: 'multiselect', name: 'businessIdeas', label: 'Business Ideas', required: true, options: ideas, placeholder: 'Select business ideas', bulk: true, noun: 'business ideas' },
  { kind: 'custom', name: 'backgroundImage', label: 'Background image', hint: 'Optional: the http(s) address of an image.', render: (ctx) => <ImageAddress {...ctx} /> },
];

export default function DailyTipsPage() {
  const groups = useGroupOptions();
  const ideas = useBusinessIdeaOptions();
  const editor = (record: TipRow | null) =>
    record
      ? recordForm({
          schema: TipEditSchema,
          fields: [
            { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
            { kind: 'textarea', name: 'text', label: 'Tip', required: true, maxLength: TIP_TEXT_MAX, rows: 3 },
            ...sharedFields(groups, ideas),
          ],
          defaults: {
            language: record.language,
            text: record.text,
            keywords: [...record.tip.keywords],
            businessIdeas: [...record.tip.businessIdeas],
            backgroundImage: record.tip.backgroundImage,
          },
          failureFallback: M.tipNotEdited,
        })
      : recordForm({
          schema: TipCreateSchema,
          width: 640,
          fields: [
            {
              kind: 'rows',
              name: 'quotes',
              label: 'Tips',
              required: true,
              columns: [
                { name: 'language', label: 'Language', options: optionsOf(LANGUAGES), unique: true },
                { name: 'text', label: 'Tip', maxLength: TIP_TEXT_MAX, multiline: true },
              ],
              newRow: () => ({ ...emptyTipRow() }),
              addWhenComplete: true,
              keepOne: true,
              max: LANGUAGES.length,
              itemLabel: 'Tip',
              addLabel: 'Add language',
            },
            ...sharedFields(groups, ideas),
          ],
          defaults: { quotes: [emptyTipRow()], keywords: [], businessIdeas: [], backgroundImage: '' } as TipCreateInput,
          failureFallback: M.tipNotAdded,
        });
  const tips = resource<TipRow>({
    name: 'Tip',
    form: editor,
    create: call('library.addTip', rules(M.tipNotAdded, M.errorWhilePost, T.tipAdded)),
    update: call('library.updateTip', rules(M.tipNotEdited, M.errorWhileEdit, T.tipUpdated), ({ values, record }: { values: TipEdit; record: TipRow }) => ({ id: record.tip._id, quoteId: record.quoteId, ...values })),
    remove: {
      ...call('library.deleteTip', { fallback: M.unableToDelete, successFallback: T.tipDeleted }, (r: TipRow) => ({ id: r.tip._id, quoteId: r.quoteId })),
      title: 'Delete tip',
      question: (r) => `Are you sure you want to delete the ${r.language} text of tip ${r.id}?`,
    },
    bulk: { names: ['tip text', 'tip texts'], label: (r) => `Tip ${r.id} (${r.language})` },
  });

  return (
    <ResourceScreen
      title="Daily Tips"
      subtitle="Short tips in several languages, shown to learners one a day."
      resource={tips}
      list={callQuery('library.quotes')}
      rows={tipRowsOf}
      rowId={(r) => r.quoteId}
      columns={columns}
      pageSize={ENGAGEMENT_PAGE_SIZE}
      pageSizes={[ENGAGEMENT_PAGE_SIZE]}
      emptyText="No tips yet."
    />
  );
}
