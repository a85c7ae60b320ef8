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
 * restarts (useCourseLanguage). `allLabel` offers "all languages" as the empty choice. `shown`: the
 * language a screen shows for this visit instead of the remembered one; `onChoose` hears a choice.
 */
export function LanguageSelect({ allLabel = 'All languages', shown, onChoose }: { allLabel?: string; shown?: Language | null; onChoose?: () => void }) {
  const styles = useStyles();
  const id = useId();
  const remembered = useCourseLanguage();
  const { ready } = remembered;
  const language = shown === undefined ? remembered.language : shown;
  const setLanguage = (choice: Language | null) => {
    remembered.setLanguage(choice);
    onChoose?.();
  };
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
