import { useEffect, useId, useRef, useState } from 'react';
import { Button, Input, Label, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ImageRegular } from '@fluentui/react-icons';
import { openPosterSource, takePosterFrame, type PosterSource } from '../lib/poster-frame';
import type { PickedFile } from './FilePicker';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  moment: { width: '7em' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The moment box's text as seconds (empty or bad: the start). */
export const momentSeconds = (moment: string): number => Math.max(0, Number(moment) || 0);

/**
 * "Frame at [n] s": the moment of a poster frame, in seconds from the start. Named by its own label
 * (inside a Fluent Field it would otherwise take the field's name), the unit said to screen readers.
 */
export function FrameMoment({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const styles = useStyles();
  const id = useId();
  return (
    <>
      <Label id={`${id}-label`} htmlFor={id} size="small">
        Frame at
      </Label>
      <Input
        id={id}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-unit`}
        className={styles.moment}
        type="number"
        min={0}
        step={0.5}
        value={value}
        disabled={disabled}
        onChange={(_e, d) => onChange(d.value)}
        contentAfter={
          <Text size={200} aria-hidden>
            s
          </Text>
        }
      />
      <span id={`${id}-unit`} hidden>
        In seconds from the start of the video.
      </span>
    </>
  );
}

/**
 * "Use a frame": a still of the picked video at a chosen moment becomes the thumbnail (drawn by the
 * page's own video decoding, written and granted by main). A codec that cannot be decoded says so,
 * and the thumbnail stays the person's to choose.
 */
export function PosterFrame({ video, disabled, onTaken }: { video: PickedFile; disabled?: boolean; onTaken: (frame: PickedFile) => void }) {
  const styles = useStyles();
  const [moment, setMoment] = useState('1');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The video's index is read as soon as it is picked, so that a frame asked for costs only its seek.
  const source = useRef<PosterSource | null>(null);
  useEffect(() => {
    const opened = openPosterSource(video.grantId);
    source.current = opened;
    return () => {
      source.current = null;
      opened.dispose();
    };
  }, [video.grantId]);
  const take = async () => {
    setBusy(true);
    setMessage(null);
    const result = await takePosterFrame(source.current ?? video.grantId, momentSeconds(moment));
    setBusy(false);
    if (result.ok) onTaken({ grantId: result.data.grantId, name: result.data.name, size: result.data.size });
    else setMessage(result.error.message);
  };
  return (
    <div>
      <div className={styles.row}>
        <FrameMoment value={moment} onChange={setMoment} disabled={disabled || busy} />
        <Button icon={busy ? <Spinner size="tiny" /> : <ImageRegular />} disabled={disabled || busy} onClick={() => void take()}>
          Use a frame
        </Button>
      </div>
      {message ? (
        <Text size={200} className={styles.error} role="alert">
          {message}
        </Text>
      ) : null}
    </div>
  );
}
