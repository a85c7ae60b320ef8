import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { Button } from '@fluentui/react-components';
import { TagMultipleRegular } from '@fluentui/react-icons';
import { CategoryDraftSchema, DIFFICULTIES, categoryKey, type Question } from '../../../shared/schemas/question-bank';
import { LANGUAGES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { callQuery, useCallMutation } from '../../lib/calls';
import { EntityDialog } from '../../components/EntityDialog';
import { badge, date, text, value } from '../../kit/columns';
import { ListScreen, type ScreenActions } from '../../kit/ListScreen';
import { questionForm } from './questionForm';
import { QB_PAGE_SIZE, QB_PAGE_SIZES } from './queries';
import type { WindowSource } from '../../lib/windows';

/**
 * Main keeps the question list and serves the table its page (src/shared/lists.ts: the search covers
 * every field, the category name, the option texts and both dates as shown).
 */
const QUESTIONS: WindowSource = { list: 'questions' };

const columns = ({ editColumn }: ScreenActions<Question>) => [
  text<Question>('id', 'ID', { width: 80, priority: 3 }),
  text<Question>('language', 'Language', { width: 120, priority: 2, filter: 'select', filterOptions: LANGUAGES }),
  // The question is what a person reads: other columns give way before it is narrower than this.
  text<Question>('question', 'Question', { minWidth: 360 }),
  badge<Question>('difficulty', 'Difficulty', { Easy: 'success', Medium: 'warning', Hard: 'danger' }, { width: 104, sortOrder: DIFFICULTIES }),
  value<Question>('optionsCount', 'Options count', (r) => r.options.length, { width: 132, align: 'end', priority: 3 }),
  date<Question>('addedOn', 'Added On', (r) => r.metaInfo.created.at, { priority: 4 }),
  date<Question>('updatedOn', 'Updated On', (r) => r.metaInfo.updated.at, { priority: 1 }),
  editColumn((r) => `Edit question ${r.id}`),
];

export default function QuestionBankPage() {
  const [addingCategory, setAddingCategory] = useState(false);
  const categories = useQuery(callQuery('questionBank.categories'));
  const addCategory = useCallMutation('questionBank.addCategory', {
    fallback: MSG.categoryNotAdded,
    successFallback: 'Category has been Added',
    invalidates: ['questionBank.categories'],
  });
  const rules = { invalidates: ['questionBank.questions'] } as const;
  const add = useCallMutation('questionBank.addQuestion', { ...rules, fallback: MSG.questionNotAdded, successFallback: 'Question has been Added' });
  const update = useCallMutation('questionBank.updateQuestion', { ...rules, fallback: MSG.somethingWentWrong, successFallback: 'Question has been Updated' });

  // Refused before the call when the name is taken (case and surrounding spaces ignored); the server
  // refuses a name that slips through (409) and its message shows.
  const categorySchema = useMemo(() => {
    const taken = new Set((categories.data ?? []).map((c) => categoryKey(c.name)));
    return v.pipe(CategoryDraftSchema, v.forward(v.check((c) => !taken.has(categoryKey(c.name)), MSG.duplicateCategory), ['name']));
  }, [categories.data]);

  return (
    <ListScreen
      title="Question Bank"
      subtitle="Questions asked in videos, by language and category."
      list={QUESTIONS}
      rowId={(q) => q._id}
      columns={columns}
      search={{ placeholder: 'Search questions' }}
      pageSize={QB_PAGE_SIZE}
      pageSizes={QB_PAGE_SIZES}
      emptyText="No questions yet."
      addLabel="Add Question"
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
      editor={(record) => questionForm(record, categories.data ?? [], record ? (values) => update.run({ id: record._id, ...values }) : add.run)}
    >
      <EntityDialog
        open={addingCategory}
        title="Add Category"
        schema={categorySchema}
        fields={[{ kind: 'text', name: 'name', label: 'Category name', required: true, maxLength: 100 }]}
        defaultValues={{ name: '' }}
        submitLabel="Add"
        failureFallback={MSG.categoryNotAdded}
        onClose={() => setAddingCategory(false)}
        onSubmit={addCategory.run}
      />
    </ListScreen>
  );
}
