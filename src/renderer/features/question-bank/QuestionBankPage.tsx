import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import * as v from 'valibot';
import { Badge, Button, Tooltip, makeStyles } from '@fluentui/react-components';
import { AddRegular, EditRegular, TagMultipleRegular } from '@fluentui/react-icons';
import {
  CategoryDraftSchema,
  DIFFICULTIES,
  OPTION_FORMATS,
  QuestionDraftSchema,
  QuestionEditSchema,
  categoryKey,
  type Question,
  type QuestionDraft,
} from '../../../shared/schemas/question-bank';
import { LANGUAGES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { callQuery, useCallMutation } from '../../lib/calls';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { EntityDialog, type FieldDescriptor } from '../../components/EntityDialog';
import { formatDateTime } from '../../lib/format';
import { PageHeader } from '../../components/PageHeader';
import {
  QB_PAGE_SIZE,
  QB_PAGE_SIZES,
  QUESTIONS_RENDERED_MARK,
  fastDateTime,
  questionsQuery,
} from './queries';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
  toolbar: { display: 'flex', gap: '8px' },
});

type Editing = { mode: 'add' } | { mode: 'edit'; record: Question };

const DIFFICULTY_COLOR = { Easy: 'success', Medium: 'warning', Hard: 'danger' } as const;
const FORMAT_LABEL: Record<(typeof OPTION_FORMATS)[number], string> = { radio: 'Radio', dropdown: 'Dropdown', checkbox: 'Checkbox' };
const languageOptions = LANGUAGES.map((l) => ({ value: l, label: l }));
const difficultyOptions = DIFFICULTIES.map((d) => ({ value: d, label: d }));
const formatOptions = OPTION_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f] }));

type QuestionFields = keyof QuestionDraft & string;

export default function QuestionBankPage() {
  const styles = useStyles();
  const [addingCategory, setAddingCategory] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<Question | null>(null);

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
  const questionRules = { invalidates: ['questionBank.questions'] } as const;
  const addQuestion = useCallMutation('questionBank.addQuestion', { ...questionRules, fallback: MSG.questionNotAdded, successFallback: 'Question has been Added' });
  const updateQuestion = useCallMutation('questionBank.updateQuestion', { ...questionRules, fallback: MSG.somethingWentWrong, successFallback: 'Question has been Updated' });

  const categoryNames = useMemo(() => new Map((categories.data ?? []).map((c) => [c._id, c.name])), [categories.data]);
  const takenNames = useMemo(() => new Set((categories.data ?? []).map((c) => categoryKey(c.name))), [categories.data]);

  const columns = useMemo<ColumnDef<Question, unknown>[]>(
    () => [
      { accessorKey: 'id', header: 'ID', meta: { width: 80 } },
      { accessorKey: 'language', header: 'Language', meta: { width: 120, filter: 'select', filterOptions: LANGUAGES } },
      { accessorKey: 'question', header: 'Question' },
      {
        accessorKey: 'difficulty',
        header: 'Difficulty',
        meta: { width: 104 },
        cell: ({ row }) => (
          <Badge appearance="tint" color={DIFFICULTY_COLOR[row.original.difficulty]}>
            {row.original.difficulty}
          </Badge>
        ),
      },
      {
        id: 'optionsCount',
        accessorFn: (r) => r.options.length,
        header: 'Options count',
        meta: { width: 132, align: 'end' },
      },
      {
        id: 'addedOn',
        accessorFn: (r) => r.metaInfo.created.at,
        header: 'Added On',
        cell: ({ row }) => formatDateTime(row.original.metaInfo.created.at),
        meta: { width: 140 },
      },
      {
        id: 'updatedOn',
        accessorFn: (r) => r.metaInfo.updated.at,
        header: 'Updated On',
        cell: ({ row }) => formatDateTime(row.original.metaInfo.updated.at),
        meta: { width: 140 },
      },
      {
        id: 'edit',
        header: 'Edit',
        enableSorting: false,
        meta: { width: 56, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Tooltip content={`Edit question ${row.original.id}`} relationship="label">
            <Button appearance="subtle" size="small" icon={<EditRegular />} onClick={() => setConfirming(row.original)} />
          </Tooltip>
        ),
      },
    ],
    [],
  );

  // The search box looks at every field of a question, the category name and the dates as shown.
  const searchText = useCallback(
    (q: Question) =>
      [
        q.id,
        q.language,
        q.question,
        q.difficulty,
        q.options.length,
        q.helpText,
        q.optionFormat,
        categoryNames.get(q.categoryId) ?? '',
        ...q.options.map((o) => o.option),
        fastDateTime(q.metaInfo.created.at),
        fastDateTime(q.metaInfo.updated.at),
      ].join('\u0000'),
    [categoryNames],
  );

  // ---- category ------------------------------------------------------------------------------------
  // Refused before the call when the name is taken (case and surrounding spaces ignored); the server
  // refuses a name that slips through (409) and its message shows.
  const categorySchema = useMemo(
    () =>
      v.pipe(
        CategoryDraftSchema,
        v.forward(
          v.check((c) => !takenNames.has(categoryKey(c.name)), MSG.duplicateCategory),
          ['name'],
        ),
      ),
    [takenNames],
  );

  // ---- question ------------------------------------------------------------------------------------
  const record = editing?.mode === 'edit' ? editing.record : null;
  const categoryOptions = useMemo(
    () =>
      [...(categories.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((c) => ({ value: c._id, label: c.name })),
    [categories.data],
  );
  const questionFields = useMemo<FieldDescriptor<QuestionFields>[]>(
    () => [
      { kind: 'textarea', name: 'question', label: 'Question', required: true, rows: 3, maxLength: 2000 },
      { kind: 'select', name: 'language', label: 'Language', required: true, options: languageOptions, placeholder: 'Select a language' },
      {
        kind: 'select',
        name: 'categoryId',
        label: 'Category',
        required: true,
        options: categoryOptions,
        placeholder: 'Select a category',
        hint: categoryOptions.length === 0 ? 'There are no categories yet: add one with Add Category.' : undefined,
      },
      { kind: 'select', name: 'difficulty', label: 'Difficulty', required: true, options: difficultyOptions, placeholder: 'Select difficulty level' },
      {
        kind: 'select',
        name: 'optionFormat',
        label: 'Option format',
        required: record !== null,
        options: formatOptions,
        placeholder: record ? 'Select an option format' : 'Radio (default)',
      },
      { kind: 'textarea', name: 'helpText', label: 'Help text', rows: 2, maxLength: 2000 },
      {
        kind: 'optionList',
        name: 'options',
        label: 'Options',
        required: true,
        multipleCorrect: record !== null,
        hint: record ? 'At least 2 options; mark every correct one.' : 'At least 2 options; mark the one correct option.',
      },
    ],
    [categoryOptions, record],
  );
  const questionDefaults = record
    ? {
        question: record.question,
        language: record.language,
        categoryId: record.categoryId,
        helpText: record.helpText,
        optionFormat: record.optionFormat,
        difficulty: record.difficulty,
        options: record.options.map((o) => ({ ...o })),
      }
    : {
        question: '',
        language: undefined,
        categoryId: '',
        helpText: '',
        optionFormat: 'radio',
        difficulty: undefined,
        options: [
          { option: '', isTrue: false },
          { option: '', isTrue: false },
        ],
      };

  // What the Add and Edit question dialogs share; they differ in schema (one or several correct options) and call.
  const questionDialog = {
    fields: questionFields,
    width: 640,
    onClose: () => setEditing(null),
  };

  return (
    <div className={styles.page}>
      <PageHeader title="Question Bank" subtitle="Questions asked in videos, by language and category." />
      <DataTable
        ariaLabel="Question Bank"
        columns={columns}
        data={questions.data ?? []}
        getRowId={(q) => q._id}
        getSearchText={searchText}
        searchPlaceholder="Search questions"
        loading={questions.isPending}
        error={questions.isError ? questions.error.message : null}
        onRetry={() => void questions.refetch()}
        pageSize={QB_PAGE_SIZE}
        pageSizeOptions={QB_PAGE_SIZES}
        emptyText="No questions yet."
        toolbar={
          <div className={styles.toolbar}>
            <Button icon={<TagMultipleRegular />} onClick={() => setAddingCategory(true)}>
              Add Category
            </Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'add' })}>
              Add Question
            </Button>
          </div>
        }
      />

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

      <ConfirmDialog
        open={confirming !== null}
        title="Edit this question?"
        text={
          confirming
            ? `Question ${confirming.id} may be used in videos. Your change affects every video that uses this question. Do you want to edit it?`
            : undefined
        }
        confirmLabel="Yes, edit"
        cancelLabel="No"
        onConfirm={() => {
          if (confirming) setEditing({ mode: 'edit', record: confirming });
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />

      {record ? (
        <EntityDialog
          {...questionDialog}
          open
          title="Edit Question"
          schema={QuestionEditSchema}
          defaultValues={questionDefaults as unknown as v.InferInput<typeof QuestionEditSchema>}
          submitLabel="Save"
          failureFallback={MSG.somethingWentWrong}
          onSubmit={(values) => updateQuestion.run({ id: record._id, ...values })}
        />
      ) : (
        <EntityDialog
          {...questionDialog}
          open={editing?.mode === 'add'}
          title="Add Question"
          schema={QuestionDraftSchema}
          defaultValues={questionDefaults as unknown as v.InferInput<typeof QuestionDraftSchema>}
          submitLabel="Add"
          failureFallback={MSG.questionNotAdded}
          onSubmit={addQuestion.run}
        />
      )}
    </div>
  );
}
