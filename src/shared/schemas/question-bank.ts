import * as v from 'valibot';
import { MSG } from '../messages';
import { DateTimeSchema, IdSchema, LanguageSchema } from './common';

export const OPTION_FORMATS = ['radio', 'dropdown', 'checkbox'] as const;
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
/** Resource types: the spec names the field only; these are the kinds the platform's resources hold. */
export const RESOURCE_TYPES = ['Article', 'PDF', 'Video', 'Link', 'Worksheet'] as const;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;

const MetaInfoSchema = v.object({
  created: v.object({ at: DateTimeSchema }),
  updated: v.object({ at: DateTimeSchema }),
});

// Categories
export const CategoryNameSchema = v.pipe(v.string(MSG.enterCategory), v.trim(), v.nonEmpty(MSG.enterCategory), v.maxLength(100, 'A category name is at most 100 characters.'));
export const CategorySchema = v.object({ _id: IdSchema, name: v.string() });
export type Category = v.InferOutput<typeof CategorySchema>;
export const CategoryDraftSchema = v.object({ name: CategoryNameSchema });
/** Category names compare without regard to case and surrounding spaces. */
export const categoryKey = (name: string): string => name.trim().toLowerCase();

// Questions
export const OptionSchema = v.object({
  option: v.pipe(v.string(MSG.enterOption), v.trim(), v.nonEmpty(MSG.enterOption), v.maxLength(500, 'An option is at most 500 characters.')),
  isTrue: v.boolean(),
});
const OptionsSchema = v.pipe(
  v.array(OptionSchema, MSG.atLeastTwoOptions),
  v.minLength(MIN_OPTIONS, MSG.atLeastTwoOptions),
  v.maxLength(MAX_OPTIONS, `At most ${MAX_OPTIONS} options.`),
);

export const QuestionSchema = v.object({
  _id: IdSchema,
  id: v.number(),
  question: v.string(),
  language: LanguageSchema,
  categoryId: v.string(),
  helpText: v.optional(v.string(), ''),
  optionFormat: v.picklist(OPTION_FORMATS),
  difficulty: v.picklist(DIFFICULTIES),
  options: v.array(v.object({ option: v.string(), isTrue: v.boolean() })),
  metaInfo: MetaInfoSchema,
});
export type Question = v.InferOutput<typeof QuestionSchema>;

const questionFields = {
  question: v.pipe(v.string(MSG.enterQuestion), v.trim(), v.nonEmpty(MSG.enterQuestion), v.maxLength(2000, 'A question is at most 2000 characters.')),
  language: LanguageSchema,
  categoryId: v.pipe(v.string('Select a category!'), v.nonEmpty('Select a category!'), v.maxLength(64)),
  helpText: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Help text is at most 2000 characters.')), ''),
  difficulty: v.picklist(DIFFICULTIES, MSG.selectDifficulty),
  options: OptionsSchema,
};

/** Adding allows exactly one correct option; the format defaults to radio. */
export const QuestionDraftSchema = v.pipe(
  v.object({ ...questionFields, optionFormat: v.optional(v.picklist(OPTION_FORMATS, 'Select an option format'), 'radio') }),
  v.forward(
    v.check((q) => q.options.filter((o) => o.isTrue).length === 1, 'Mark exactly one option as correct.'),
    ['options'],
  ),
);
export type QuestionDraft = v.InferOutput<typeof QuestionDraftSchema>;

/** Editing requires the format and allows several correct options (at least one) when it is checkbox. */
const questionEditFields = { ...questionFields, optionFormat: v.picklist(OPTION_FORMATS, 'Select an option format') };
const AT_LEAST_ONE_CORRECT = 'Mark at least one option as correct.';
/** Radio and dropdown show one answer to choose: several correct options need the checkbox format. */
export const ONE_CORRECT_FOR_FORMAT = 'Radio and Dropdown take one correct option: mark one, or choose Checkbox.';
const oneUnlessCheckbox = (q: { optionFormat: string; options: readonly { isTrue: boolean }[] }) =>
  q.optionFormat === 'checkbox' || q.options.filter((o) => o.isTrue).length <= 1;
export const QuestionEditSchema = v.pipe(
  v.object(questionEditFields),
  v.forward(v.check((q) => q.options.some((o) => o.isTrue), AT_LEAST_ONE_CORRECT), ['options']),
  v.forward(v.check((q) => oneUnlessCheckbox(q), ONE_CORRECT_FOR_FORMAT), ['options']),
);
export type QuestionEdit = v.InferOutput<typeof QuestionEditSchema>;
/** The edit form plus the question's `_id`, which goes into the path (PUT /questions/{id}). */
export const QuestionUpdateSchema = v.pipe(
  v.object({ id: IdSchema, ...questionEditFields }),
  v.forward(v.check((q) => q.options.some((o) => o.isTrue), AT_LEAST_ONE_CORRECT), ['options']),
  v.forward(v.check((q) => oneUnlessCheckbox(q), ONE_CORRECT_FOR_FORMAT), ['options']),
);
export type QuestionUpdate = v.InferOutput<typeof QuestionUpdateSchema>;

// Resources
export const ResourceSchema = v.object({
  _id: IdSchema,
  slNo: v.number(),
  title: v.string(),
  language: LanguageSchema,
  type: v.picklist(RESOURCE_TYPES),
  metaInfo: MetaInfoSchema,
});
export type Resource = v.InferOutput<typeof ResourceSchema>;
export const ResourceDraftSchema = v.object({
  title: v.pipe(v.string('Enter a resource title!'), v.trim(), v.nonEmpty('Enter a resource title!'), v.maxLength(200, 'A title is at most 200 characters.')),
  language: LanguageSchema,
  type: v.picklist(RESOURCE_TYPES, 'Select a resource type!'),
});
export type ResourceDraft = v.InferOutput<typeof ResourceDraftSchema>;
/** The form plus the resource's `_id`, which goes into the path (PUT /resources/{id}). */
export const ResourceUpdateSchema = v.object({ id: IdSchema, ...ResourceDraftSchema.entries });
