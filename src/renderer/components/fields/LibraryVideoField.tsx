import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FieldContextProvider, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { callQuery } from '../../lib/calls';
import type { KindProps } from './types';

type Props = KindProps<'libraryVideo'>;

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The most choices listed at once; the search narrows the rest. */
const SHOWN = 200;

/**
 * A video of the library (GET /media/list), of the form's language when `languageField` names one,
 * found by a search over title and Video Id. The form holds the file's _id.
 */
export function LibraryVideoField({ field, id, value, onChange, onBlur, disabled, form }: Props) {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const files = useQuery(callQuery('library.mediaList'));
  const language = field.languageField ? (form.values[field.languageField] as string | undefined) : undefined;
  const chosen = typeof value === 'string' ? value : '';
  const videos = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (files.data ?? []).filter(
      (f) =>
        f.fileType === 'video' &&
        (!language || f.language === language) &&
        (f._id === chosen || !needle || `${f.title} ${f.fileId}`.toLowerCase().includes(needle)),
    );
  }, [files.data, language, search, chosen]);
  return (
    <div className={styles.stack}>
      {/* The search names itself: the field's label belongs to the select. */}
      <FieldContextProvider value={undefined}>
        <Input
          type="search"
          contentBefore={<SearchRegular aria-hidden />}
          aria-label={`Search ${field.label}`}
          placeholder="Search videos by title or Video Id"
          value={search}
          disabled={disabled}
          onChange={(_e, d) => setSearch(d.value)}
        />
      </FieldContextProvider>
      <Select id={id} value={chosen} disabled={disabled || files.isPending} onBlur={onBlur} onChange={(_e, d) => onChange(d.value || undefined)}>
        <option value="">{files.isPending ? 'Loading…' : (field.placeholder ?? 'Select a video')}</option>
        {videos.slice(0, SHOWN).map((f) => (
          <option key={f._id} value={f._id}>
            {f.title} ({f.fileId})
          </option>
        ))}
      </Select>
      <Text size={200} className={styles.muted}>
        {files.isError ? files.error.message : `${videos.length} ${videos.length === 1 ? 'video' : 'videos'}${language ? ` in ${language}` : ''}${videos.length > SHOWN ? `, the first ${SHOWN} listed: search to narrow` : ''}`}
      </Text>
    </div>
  );
}
