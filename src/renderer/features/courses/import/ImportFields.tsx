import type { Dispatch, SetStateAction } from 'react';
import { Button, Dropdown, Field, Input, Option, Select, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LANGUAGES, type Language } from '../../../../shared/constants';
import { COURSE_TEXT } from '../../../../shared/course-messages';
import { isCourseThumbnailName } from '../../../../shared/file-kinds';
import { VIDEO_TYPES } from '../../../../shared/schemas/library';
import type { ImportDefaults, ImportPreview } from '../../../../shared/schemas/course-import';
import { invoke } from '../../../lib/calls';
import { useBusinessIdeas, useKeywords } from '../../../lib/library-lists';

// The fields of the folder import's dialog: the new course's own, and what every queued video gets.

const useStyles = makeStyles({
  fields: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' },
  thumb: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
});

type Thumbnail = ImportPreview['thumbnail'];

function MultiField({ label, items, selected, issue, onChange }: { label: string; items: { id: string; name: string }[]; selected: string[]; issue: string | undefined; onChange: (ids: string[]) => void }) {
  return (
    <Field label={label} required validationMessage={issue}>
      <Dropdown
        multiselect
        // Inside the dialog: a popup portalled outside it is hidden from assistive technology by the modal.
        inlinePopup
        placeholder={`Select ${label.toLowerCase()}`}
        selectedOptions={selected}
        value={items.filter((i) => selected.includes(i.id)).map((i) => i.name).join(', ')}
        onOptionSelect={(_, data) => onChange(data.selectedOptions)}
      >
        {items.map((i) => (
          <Option key={i.id} value={i.id}>
            {i.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/**
 * A folder imported as a course: its name, language and thumbnail (one at the top of the folder, or one
 * chosen; a file that is not a png, jpg or jpeg is refused at once and the one before stays).
 */
export function CourseFields({ course, onCourse, nameProblem, thumbnail, onThumbnail, thumbError, onThumbError, thumbProblem, tried }: {
  course: { name: string; language: Language };
  onCourse: Dispatch<SetStateAction<{ name: string; language: Language }>>;
  nameProblem: string | null;
  thumbnail: Thumbnail;
  onThumbnail: (thumbnail: Thumbnail) => void;
  /** The thumbnail's own problem (the file chosen, or main's refusal of its content). */
  thumbError: string | null;
  onThumbError: (message: string | null) => void;
  /** What keeps Import back about the thumbnail (none, or its own problem). */
  thumbProblem: string | null;
  /** Import was tried: the fields' messages show. */
  tried: boolean;
}) {
  const styles = useStyles();
  const pickThumbnail = async () => {
    const answer = await invoke('files.pick', { kind: 'image' });
    if (!answer.ok) return onThumbError(answer.error.message);
    if (!answer.data) return;
    // Refused at once (the course would be refused at the end): the thumbnail chosen before stays.
    if (!isCourseThumbnailName(answer.data.name)) return onThumbError(COURSE_TEXT.thumbnailType);
    onThumbError(null);
    onThumbnail({ grantId: answer.data.grantId, name: answer.data.name });
  };
  return (
    <div className={styles.fields}>
      <Field label="Course name" required validationMessage={tried ? nameProblem : undefined}>
        <Input value={course.name} maxLength={200} onChange={(_, d) => onCourse((c) => ({ ...c, name: d.value }))} />
      </Field>
      <Field label="Language" required>
        <Select value={course.language} onChange={(_, d) => onCourse((c) => ({ ...c, language: d.value as Language }))}>
          {LANGUAGES.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </Select>
      </Field>
      <Field label="Thumbnail" required validationMessage={thumbError ?? (tried ? thumbProblem : undefined)}>
        <span className={styles.thumb}>
          <Text truncate wrap={false}>
            {thumbnail ? thumbnail.name : 'None in the folder'}
          </Text>
          <Button size="small" data-invalid={thumbProblem && (tried || thumbError) ? 'true' : undefined} onClick={() => void pickThumbnail()}>
            Choose…
          </Button>
        </span>
      </Field>
    </div>
  );
}

/** What every video of the import is uploaded with (the Add File form's fields), its messages once Import was tried. */
export function DefaultFields({ defaults, onDefaults, issues, tried, language }: {
  defaults: ImportDefaults;
  onDefaults: Dispatch<SetStateAction<ImportDefaults>>;
  issues: Partial<Record<string, string>>;
  tried: boolean;
  language: string;
}) {
  const styles = useStyles();
  const ideas = useBusinessIdeas();
  const keywords = useKeywords();
  return (
    <div className={styles.fields}>
      <Field label="Type" required validationMessage={tried ? issues.type : undefined}>
        <Select value={defaults.type} onChange={(_, d) => onDefaults((x) => ({ ...x, type: d.value as ImportDefaults['type'] }))}>
          <option value="">Select a type</option>
          {VIDEO_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Select>
      </Field>
      <Field label="Description" required validationMessage={tried ? issues.description : undefined}>
        <Input value={defaults.description} onChange={(_, d) => onDefaults((x) => ({ ...x, description: d.value }))} />
      </Field>
      <Field label="Free to watch">
        <Switch checked={defaults.freeToWatch} label={defaults.freeToWatch ? 'Yes' : 'No'} onChange={(_, d) => onDefaults((x) => ({ ...x, freeToWatch: d.checked }))} />
      </Field>
      <MultiField label="Business ideas" items={(ideas.data ?? []).map((i) => ({ id: i._id, name: i.inEnglish }))} selected={defaults.businessIdeas} issue={tried ? issues.businessIdeas : undefined} onChange={(ids) => onDefaults((d) => ({ ...d, businessIdeas: ids }))} />
      <MultiField label="Keyword groups" items={(keywords.data ?? []).map((k) => ({ id: k._id, name: k.keyword }))} selected={defaults.keywords} issue={tried ? issues.keywords : undefined} onChange={(ids) => onDefaults((d) => ({ ...d, keywords: ids }))} />
      <Text size={200}>Every video is uploaded to the library in {language} with these fields, then linked into its folder.</Text>
    </div>
  );
}
