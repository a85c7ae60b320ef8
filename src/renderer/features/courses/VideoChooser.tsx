import { useMemo, useRef, useState } from 'react';
import { Button, Select, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import * as v from 'valibot';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX, FileDraftSchema } from '../../../shared/schemas/courses';
import type { LibraryFileFormInput } from '../../../shared/schemas/library';
import type { CustomFieldContext, FieldDescriptor } from '../../components/EntityDialog';
import { AddFileDialog } from '../../components/FileDialog';
import type { LibraryVideos } from './library-videos';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  select: { flex: '1 1 260px', minWidth: 0 },
});

export const UPLOAD_NEW_VIDEO = 'Upload new video…';

interface ChooserProps {
  ctx: CustomFieldContext;
  library: LibraryVideos;
  /** The form's title field: the chosen video's library title fills it while it is empty (or still the last one filled in). */
  titleField: string;
  placeholder: string;
}

/**
 * A library video of the course's language, or a new one uploaded through the library's own Add File
 * dialog and chosen here once it is stored.
 */
function VideoChooser({ ctx, library, titleField, placeholder }: ChooserProps) {
  const styles = useStyles();
  const [uploading, setUploading] = useState(false);
  const [added, setAdded] = useState<{ id: string; title: string } | null>(null);
  // The title this field filled in: replaced by the next choice, while a typed title is kept.
  const filled = useRef<string | null>(null);
  const chosen = typeof ctx.value === 'string' ? ctx.value : '';
  const initial = useMemo<Partial<LibraryFileFormInput>>(() => ({ fileType: 'video', ...(library.language ? { language: library.language } : {}) }), [library.language]);

  const choose = (id: string, title = library.titles.get(id)) => {
    ctx.onChange(id || undefined);
    const current = String(ctx.values[titleField] ?? '').trim();
    if (title && (current === '' || current === filled.current)) {
      ctx.setValue(titleField, title);
      filled.current = title;
    }
  };
  // The new video is chosen before the library's list is fetched again.
  const pending = added && !library.titles.has(added.id) ? added : null;

  return (
    <div className={styles.row}>
      <Select id={ctx.id} className={styles.select} value={chosen} disabled={ctx.disabled || library.loading} onBlur={ctx.onBlur} onChange={(_e, d) => choose(d.value)}>
        <option value="">{library.loading ? 'Loading…' : placeholder}</option>
        {library.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {pending ? <option value={pending.id}>{pending.title}</option> : null}
      </Select>
      <Button icon={<ArrowUploadRegular />} disabled={ctx.disabled} onClick={() => setUploading(true)}>
        {UPLOAD_NEW_VIDEO}
      </Button>
      {uploading ? (
        // The library's dialog sits inside this form in React's tree: its submit and keys stay its own.
        <div onSubmit={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <AddFileDialog
            initial={initial}
            onClose={() => setUploading(false)}
            onAdded={(file) => {
              if (!file._id) return;
              setAdded({ id: file._id, title: file.title });
              choose(file._id, file.title);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The course screens' library video field: a required choice, its title filling the title field, and Upload new video…. */
export function libraryVideoChoice<N extends string>(name: N, label: string, library: LibraryVideos, titleField: string, placeholder: string): FieldDescriptor<N> {
  return {
    kind: 'custom',
    name,
    label,
    required: true,
    hint: `Pick a video of the library, or add one to it with ${UPLOAD_NEW_VIDEO} Its library title fills an empty title.`,
    render: (ctx) => <VideoChooser ctx={ctx} library={library} titleField={titleField} placeholder={placeholder} />,
  };
}

/** A course video's form (a directory's Upload/Update Video, a topic video's edit): its library video and what learners read. */
export const CourseVideoFormSchema = v.pick(FileDraftSchema, ['title', 'description', 'freeToWatch', 'fileId']);
export type CourseVideoValues = v.InferOutput<typeof CourseVideoFormSchema>;

/** The fields of CourseVideoFormSchema: the title's label and the chooser's placeholder are the screen's. */
/** Spec 2: a folder or file modal's submit is greyed while its name (title) is blank. */
export const titleGiven = (values: Record<string, unknown>): boolean => typeof values.title === 'string' && values.title.trim() !== '';

export function courseVideoFields(library: LibraryVideos, { titleLabel, placeholder }: { titleLabel: string; placeholder: string }): FieldDescriptor<keyof CourseVideoValues>[] {
  return [
    libraryVideoChoice('fileId', 'Library video', library, 'title', placeholder),
    { kind: 'text', name: 'title', label: titleLabel, required: true, maxLength: DOCUMENT_TITLE_MAX },
    { kind: 'textarea', name: 'description', label: 'Description', rows: 2, maxLength: DOCUMENT_DESCRIPTION_MAX },
    { kind: 'switch', name: 'freeToWatch', label: 'Free to watch', onLabel: 'Yes', offLabel: 'No' },
  ];
}
