import { useId, useState } from 'react';
import { Button, Input, Label, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ImageRegular } from '@fluentui/react-icons';
import { takePosterFrame } from '../lib/poster-frame';
import type { PickedFile } from './FilePicker';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  moment: { width: '7em' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * "Use a frame": a still of the picked video at a chosen moment becomes the thumbnail (drawn by the
 * page's own video decoding, written and granted by main). A codec that cannot be decoded says so,
 * and the thumbnail stays the person's to choose.
 */
export function PosterFrame({ video, disabled, onTaken }: { video: PickedFile; disabled?: boolean; onTaken: (frame: PickedFile) => void }) {
  const styles = useStyles();
  const momentId = useId();
  const [moment, setMoment] = useState('1');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const take = async () => {
    setBusy(true);
    setMessage(null);
    const seconds = Math.max(0, Number(moment) || 0);
    const result = await takePosterFrame(video.grantId, seconds);
    setBusy(false);
    if (result.ok) onTaken({ grantId: result.data.grantId, name: result.data.name, size: result.data.size });
    else setMessage(result.error.message);
  };
  return (
    <div>
      <div className={styles.row}>
        {/* Named by its own label: inside the thumbnail's Field, Fluent would name it "Thumbnail". */}
        <Label id={`${momentId}-label`} htmlFor={momentId} size="small">
          Frame at
        </Label>
        <Input
          id={momentId}
          aria-labelledby={`${momentId}-label`}
          aria-describedby={`${momentId}-unit`}
          contentAfter={
            <Text size={200} aria-hidden>
              s
            </Text>
          }
          className={styles.moment}
          type="number"
          min={0}
          step={0.5}
          value={moment}
          disabled={disabled || busy}
          onChange={(_e, d) => setMoment(d.value)}
        />
        <Button icon={busy ? <Spinner size="tiny" /> : <ImageRegular />} disabled={disabled || busy} onClick={() => void take()}>
          Use a frame
        </Button>
      </div>
      <span id={`${momentId}-unit`} hidden>
        In seconds from the start of the video.
      </span>
      {message ? (
        <Text size={200} className={styles.error} role="alert">
          {message}
        </Text>
      ) : null}
    </div>
  );
}
