import type * as v from 'valibot';
import { DIFFICULTIES, OPTION_FORMATS, QuestionDraftSchema, QuestionEditSchema, type Category, type Question } from '../../../shared/schemas/question-bank';
import { LANGUAGES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { questionValuesOf } from '../../../shared/batch';
import { optionsOf } from '../../components/EntityDialog';
import { recordForm, type AnyRecordForm } from '../../kit/Resource';

const FORMAT_LABEL: Record<(typeof OPTION_FORMATS)[number], string> = { radio: 'Radio', dropdown: 'Dropdown', checkbox: 'Checkbox' };
const formatOptions = OPTION_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f] }));

/** Said in Edit Question when a second correct option takes the first one's place (spec 1: editing allows several). */
export const SEVERAL_CORRECT_HINT = 'Radio and Dropdown take one correct option, so the one marked before is no longer correct. To mark several correct options, choose Checkbox as the Option format.';

/**
 * Add Question and Edit Question: the same fields; adding takes one correct option (radio), editing
 * needs an option format and marks one correct option for Radio and Dropdown, several for Checkbox.
 */
export function questionForm(record: Question | null, categories: readonly Category[]): AnyRecordForm<Question> {
  const categoryOptions = [...categories].sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: c._id, label: c.name }));
  const editing = record !== null;
  const fields = [
    { kind: 'textarea', name: 'question', label: 'Question', required: true, rows: 3, maxLength: 2000 },
    { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
    {
      kind: 'select',
      name: 'categoryId',
      label: 'Category',
      required: true,
      options: categoryOptions,
      placeholder: 'Select a category',
      hint: categoryOptions.length === 0 ? 'There are no categories yet: add one with Add Category.' : undefined,
    },
    { kind: 'select', name: 'difficulty', label: 'Difficulty', required: true, options: optionsOf(DIFFICULTIES), placeholder: 'Select difficulty level' },
    { kind: 'select', name: 'optionFormat', label: 'Option format', required: editing, options: formatOptions, placeholder: editing ? 'Select an option format' : 'Radio (default)' },
    { kind: 'textarea', name: 'helpText', label: 'Help text', rows: 2, maxLength: 2000 },
    {
      kind: 'rows',
      name: 'options',
      label: 'Options',
      required: true,
      itemLabel: 'Option',
      addLabel: 'Add option',
      columns: [{ name: 'option', label: 'Option' }],
      // Adding takes one correct option; editing as many as the format shows (checkbox: several).
      flag: {
        name: 'isTrue',
        label: 'Correct',
        several: editing ? (values: { optionFormat?: unknown }) => values.optionFormat === 'checkbox' : false,
        ...(editing ? { moved: SEVERAL_CORRECT_HINT } : {}),
      },
      newRow: () => ({ option: '', isTrue: false }),
      hint: editing ? 'At least 2 options; Radio and Dropdown take one correct option, Checkbox several.' : 'At least 2 options; mark the one correct option.',
    },
  ] as const;
  // The same values a bulk change of questions starts from (src/shared/batch.ts).
  const values = questionValuesOf;
  const blank = { question: '', categoryId: '', helpText: '', optionFormat: 'radio', options: [{ option: '', isTrue: false }, { option: '', isTrue: false }] };
  const common = { fields, columns: 2 as const };
  return editing
    ? recordForm({ ...common, schema: QuestionEditSchema, defaults: blank as v.InferInput<typeof QuestionEditSchema>, values: values as (q: Question) => v.InferInput<typeof QuestionEditSchema>, failureFallback: MSG.somethingWentWrong })
    : recordForm({ ...common, schema: QuestionDraftSchema, defaults: blank as v.InferInput<typeof QuestionDraftSchema>, failureFallback: MSG.questionNotAdded });
}
