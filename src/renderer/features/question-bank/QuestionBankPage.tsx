import { useCallback, useMemo, useRef, useState } from 'react';
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
import { QB_PAGE_SIZE, QB_PAGE_SIZES, QUESTIONS_RENDERED_MARK, fastDateTime, questionsQuery } from './queries';

const columns = ({ editColumn }: ScreenActions<Question>) => [
  text<Question>('id', 'ID', { width: 80 }),
  text<Question>('language', 'Language', { width: 120, filter: 'select', filterOptions: LANGUAGES }),
  text<Question>('question', 'Question'),
  badge<Question>('difficulty', 'Difficulty', { Easy: 'success', Medium: 'warning', Hard: 'danger' }, { width: 104, sortOrder: DIFFICULTIES }),
  value<Question>('optionsCount', 'Options count', (r) => r.options.length, { width: 132, align: 'end' }),
  date<Question>('addedOn', 'Added On', (r) => r.metaInfo.created.at),
  date<Question>('updatedOn', 'Updated On', (r) => r.metaInfo.updated.at),
  editColumn((r) => `Edit question ${r.id}`),
];

export default function QuestionBankPage() {
  const [addingCategory, setAddingCategory] = useState(false);
  const questions = useQuery(questionsQuery);
  // For bench/table.ts: where the first render with the list starts (once per list).
  const markedList = useRef<unknown>(null);
  if (questions.data && markedList.current !== questions.data) {
    markedList.current = questions.data;
    performance.clearMarks(QUESTIONS_RENDERED_MARK);
    performance.mark(QUESTIONS_RENDERED_MARK);
  }
  const categories = useQuery(callQuery('questionBank.categories'));
  const addCategory = useCallMutation('questionBank.addCategory', {
    fallback: MSG.categoryNotAdded,
    successFallback: 'Category has been Added',
    invalidates: ['questionBank.categories'],
  });
  const rules = { invalidates: ['questionBank.questions'] } as const;
  const add = useCallMutation('questionBank.addQuestion', { ...rules, fallback: MSG.questionNotAdded, successFallback: 'Question has been Added' });
  const update = useCallMutation('questionBank.updateQuestion', { ...rules, fallback: MSG.somethingWentWrong, successFallback: 'Question has been Updated' });

  const categoryNames = useMemo(() => new Map((categories.data ?? []).map((c) => [c._id, c.name])), [categories.data]);
  // The search box looks at every field of a question, the category name and the dates as shown.
  const searchText = useCallback(
    (q: Question) =>
      [q.id, q.language, q.question, q.difficulty, q.options.length, q.helpText, q.optionFormat, categoryNames.get(q.categoryId) ?? '',
        ...q.options.map((o) => o.option), fastDateTime(q.metaInfo.created.at), fastDateTime(q.metaInfo.updated.at)].join('\u0000'),
    [categoryNames],
  );
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
      list={questionsQuery}
      rowId={(q) => q._id}
      columns={columns}
      search={{ placeholder: 'Search questions', text: searchText }}
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
