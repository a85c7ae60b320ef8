import { useId } from 'react';
import { Label, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '../../shared/constants';
import { callQuery } from '../lib/calls';
import { useCourseLanguage } from '../lib/preferences';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  select: { minWidth: '160px' },
});

/**
 * The course screens' language selector (GET /languages): the choice is remembered across screens and
 * restarts (useCourseLanguage). `allLabel` offers "all languages" as the empty choice.
 */
export function LanguageSelect({ allLabel = 'All languages' }: { allLabel?: string }) {
  const styles = useStyles();
  const id = useId();
  const { language, ready, setLanguage } = useCourseLanguage();
  const languages = useQuery({ ...callQuery('videoRepository.languages'), staleTime: Infinity });
  // The platform's list when it answers, else the fixed list of the spec.
  const options: readonly string[] = languages.data ?? LANGUAGES;
  return (
    <div className={styles.root}>
      <Label htmlFor={id}>Language</Label>
      <Select
        id={id}
        className={styles.select}
        value={language ?? ''}
        disabled={!ready}
        onChange={(_e, d) => setLanguage(d.value === '' ? null : (d.value as Language))}
      >
        <option value="">{allLabel}</option>
        {options.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </Select>
    </div>
  );
}
