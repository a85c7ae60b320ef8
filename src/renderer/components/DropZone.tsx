import { useState, type DragEvent, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  // The drop zone is the whole screen: as tall as the page it wraps.
  zone: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  over: { outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '4px' },
});

/**
 * A screen that takes files and folders dropped on it, outlined while something is dragged over it. The
 * dropped Files go to `onFiles`, which hands them to the preload (window.files): the page never sees a
 * path. Drops a file field inside has taken already, and drops on a dialog, are not the screen's.
 */
export function DropZone({ className, onFiles, children }: { className?: string; onFiles: (files: File[]) => void; children: ReactNode }) {
  const styles = useStyles();
  const [over, setOver] = useState(false);
  const ours = (event: DragEvent) => !event.defaultPrevented && !(event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'));
  return (
    <div
      className={mergeClasses(styles.zone, className, over && styles.over)}
      onDragOver={(event) => {
        if (!ours(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!ours(event)) return;
        event.preventDefault();
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      }}
    >
      {children}
    </div>
  );
}
