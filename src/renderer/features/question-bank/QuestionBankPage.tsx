import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { Button } from '@fluentui/react-components';
import { TagMultipleRegular } from '@fluentui/react-icons';
import { CategoryDraftSchema, DIFFICULTIES, categoryKey, type Category, type Question } from '../../../shared/schemas/question-bank';
import { LANGUAGES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { callQuery } from '../../lib/calls';
import { badge, date, text, value } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { FormDialog } from '../../kit/RecordDialogs';
import { ResourceScreen, call, recordForm, resource, useCallForm } from '../../kit/Resource';
import { questionForm } from './questionForm';
import { QB_PAGE_SIZE, QB_PAGE_SIZES } from './queries';
import type { WindowSource } from '../../lib/windows';
import { questionUpdateOf } from '../../../shared/batch';
import { questionEditConfirmation } from '../../kit/undo';

/**
 * Main keeps the question list and serves the table its page (src/shared/lists.ts: the search covers
 * every field, the category name, the option texts and both dates as shown).
 */
const QUESTIONS: WindowSource = { list: 'questions' };

/** The categories by name, as the Category filter and the bulk Change offer them. */
const byName = (categories: readonly Category[]) => [...categories].sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: c._id, label: c.name }));

const columnsWith = (categoryOf: (id: string) => string, categoryOptions: readonly { value: string; label: string }[]) => ({ editColumn }: ScreenActions<Question>) => [
  text<Question>('id', 'ID', { width: 80, priority: 3 }),
  text<Question>('language', 'Language', { width: 120, priority: 2, filter: 'select', filterOptions: LANGUAGES }),
  // The question is what a person reads: other columns give way before it is narrower than this.
  text<Question>('question', 'Question', { minWidth: 360 }),
  // The category by its name, and a filter by category (a bulk Change of Category is checked with them); the
  // search finds a category by its name. Not a column of the spec's table: the first to give way in a narrow
  // window, before the spec's own (its filter stays in the toolbar).
  value<Question>('category', 'Category', (r) => categoryOf(r.categoryId), {
    width: 150, sortable: false, priority: 5, filter: 'select', filterOptions: categoryOptions, filterValue: (r) => r.categoryId,
  }),
  badge<Question>('difficulty', 'Difficulty', { Easy: 'success', Medium: 'warning', Hard: 'danger' }, { width: 104, sortOrder: DIFFICULTIES }),
  value<Question>('optionsCount', 'Options count', (r) => r.options.length, { width: 132, align: 'end', priority: 3 }),
  date<Question>('addedOn', 'Added On', (r) => r.metaInfo.created.at, { priority: 4 }),
  date<Question>('updatedOn', 'Updated On', (r) => r.metaInfo.updated.at, { priority: 1 }),
  editColumn((r) => `Edit question ${r.id}`),
];

export default function QuestionBankPage() {
  const [addingCategory, setAddingCategory] = useState(false);
  const categories = useQuery(callQuery('questionBank.categories'));
  const columns = useMemo(() => {
    const names = new Map((categories.data ?? []).map((c) => [c._id, c.name]));
    return columnsWith((id) => names.get(id) ?? (categories.data ? 'Unknown category' : ''), byName(categories.data ?? []));
  }, [categories.data]);

  // Refused before the call when the name is taken (case and surrounding spaces ignored); the server
  // refuses a name that slips through (409) and its message shows.
  const categorySchema = useMemo(() => {
    const taken = new Set((categories.data ?? []).map((c) => categoryKey(c.name)));
    return v.pipe(CategoryDraftSchema, v.forward(v.check((c) => !taken.has(categoryKey(c.name)), MSG.duplicateCategory), ['name']));
  }, [categories.data]);
  const categoryForm = useCallForm(
    call('questionBank.addCategory', { fallback: MSG.categoryNotAdded, successFallback: 'Category has been Added' }),
    recordForm({
      title: 'Add Category',
      schema: categorySchema,
      fields: [{ kind: 'text', name: 'name', label: 'Category name', required: true, maxLength: 100 }],
      defaults: { name: '' },
      failureFallback: MSG.categoryNotAdded,
    }),
  );
  const questions = resource<Question>({
    name: 'Question',
    form: (record) => questionForm(record, categories.data ?? []),
    create: call('questionBank.addQuestion', { fallback: MSG.questionNotAdded, successFallback: 'Question has been Added' }),
    update: call('questionBank.updateQuestion', { fallback: MSG.somethingWentWrong, successFallback: 'Question has been Updated' }),
    // No delete call in the spec: change the difficulty or the category of many (as main does for "all matching").
    bulk: {
      names: ['question', 'questions'],
      label: (q) => q.question,
      fields: [
        { name: 'difficulty', label: 'Difficulty', options: DIFFICULTIES },
        { name: 'categoryId', label: 'Category', options: byName(categories.data ?? []) },
      ],
      input: questionUpdateOf,
      // As editing one question: the change reaches every video that uses them, asked once per action.
      confirmChange: (count) => questionEditConfirmation(count),
    },
  });

  return (
    <ResourceScreen
      resource={questions}
      title="Question Bank"
      subtitle="Questions asked in videos, by language and category."
      list={QUESTIONS}
      rowId={(q) => q._id}
      columns={columns}
      search={{ placeholder: 'Search questions' }}
      pageSize={QB_PAGE_SIZE}
      pageSizes={QB_PAGE_SIZES}
      emptyText="No questions yet."
      toolbar={
        <Button icon={<TagMultipleRegular />} onClick={() => setAddingCategory(true)}>
          Add Category
        </Button>
      }
      confirmEdit={(q) => ({
        title: 'Edit this question?',
        text: `Question ${q.id} may be used in videos. Your change affects every video that uses this question. Do you want to edit it?`,
        confirmLabel: 'Yes, edit',
        cancelLabel: 'No',
      })}
    >
      {addingCategory ? <FormDialog spec={categoryForm} open submitLabel="Add" onClose={() => setAddingCategory(false)} /> : null}
    </ResourceScreen>
  );
}
