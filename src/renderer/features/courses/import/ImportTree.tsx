import { memo } from 'react';
import { Badge, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { DocumentRegular, FolderRegular, VideoClipRegular } from '@fluentui/react-icons';
import { importTitleProblem, linkedLibraryFile, type ImportNode } from '../../../../shared/schemas/course-import';
import { MEDIA_VERDICT_TEXT, type MediaVerdict } from '../../../../shared/schemas/media';

/**
 * The verdict's words in the preview, as Bulk Upload and Add File say them: not playable (why, and that
 * it is held), or playable with what learners will see. Playable files say nothing.
 */
export function verdictLines(verdict: MediaVerdict | undefined): { text: string; unplayable: boolean }[] {
  if (!verdict || verdict.kind === 'playable') return [];
  if (verdict.kind === 'unplayable') return [{ text: `${MEDIA_VERDICT_TEXT.unplayable}: ${verdict.text} ${MEDIA_VERDICT_TEXT.held}`, unplayable: true }];
  return verdict.warnings.map((w) => ({ text: `${MEDIA_VERDICT_TEXT.warning}: ${w}`, unplayable: false }));
}

const useStyles = makeStyles({
  list: {
    maxHeight: '46vh',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 88px minmax(0, 1fr)',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `2px ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    // Rows out of view cost no layout or paint (a folder of 1,000 videos).
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 34px',
  },
  skipped: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  icon: { flexShrink: 0, fontSize: '16px' },
  // A plain input: a thousand of the kit's inputs would make the preview slow to open.
  input: {
    flexGrow: 1,
    minWidth: 0,
    font: 'inherit',
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '3px 6px',
    ':focus-visible': { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: tokens.colorStrokeFocus2, outlineOffset: '0' },
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  problems: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  problem: { color: tokens.colorPaletteRedForeground1 },
  note: { color: tokens.colorPaletteMarigoldForeground1 },
});

const LEVEL_TEXT: Record<ImportNode['level'], string> = { course: 'Course', module: 'Module', topic: 'Topic', concept: 'Concept', file: 'Video' };

const Row = memo(function Row({ node, title, verdict, onTitle }: { node: ImportNode; title: string; verdict: MediaVerdict | undefined; onTitle: (id: string, title: string) => void }) {
  const styles = useStyles();
  const editable = !node.skipped && node.level !== 'course';
  const titleProblem = editable ? importTitleProblem(title) : null;
  const Icon = node.kind === 'folder' ? FolderRegular : node.problems.some((p) => p.kind === 'notMedia') ? DocumentRegular : VideoClipRegular;
  // The problems the file had that editing the title fixed are not shown again.
  const problems = node.problems.filter((p) => (p.kind !== 'nameTooLong' || titleProblem) && (p.kind !== 'duplicate' || linkedLibraryFile(node, title)));
  return (
    <li className={styles.row}>
      <span className={mergeClasses(styles.name, node.skipped && styles.skipped)} style={{ paddingLeft: `${node.depth * 20}px` }}>
        <Icon className={styles.icon} aria-hidden />
        {editable ? (
          <input
            className={mergeClasses(styles.input, titleProblem ? styles.invalid : undefined)}
            aria-label={`Title of ${node.name}`}
            aria-invalid={titleProblem ? true : undefined}
            value={title}
            onChange={(e) => onTitle(node.id, e.target.value)}
          />
        ) : (
          <Text truncate wrap={false} title={node.name}>
            {node.level === 'course' ? node.title : node.name}
          </Text>
        )}
      </span>
      <span>
        <Badge appearance="tint" color={node.skipped ? 'subtle' : node.kind === 'folder' ? 'brand' : 'informative'} size="small">
          {node.skipped ? 'Left out' : LEVEL_TEXT[node.level]}
        </Badge>
      </span>
      <span className={styles.problems}>
        {problems.map((p) => (
          <Text key={p.kind} size={200} className={p.kind === 'duplicate' ? styles.note : styles.problem}>
            {p.kind === 'nameTooLong' ? titleProblem : p.message}
          </Text>
        ))}
        {!node.skipped && titleProblem && !problems.some((p) => p.kind === 'nameTooLong') ? (
          <Text size={200} className={styles.problem}>
            {titleProblem}
          </Text>
        ) : null}
        {verdictLines(verdict).map((line) => (
          <Text key={line.text} size={200} className={line.unplayable ? styles.problem : styles.note}>
            {line.text}
          </Text>
        ))}
        {node.captions.length > 0 && !node.skipped ? <Text size={200}>Captions: {node.captions.join(', ')}</Text> : null}
      </span>
    </li>
  );
});

/** The tree an import builds, a row per entry, indented by level, each with its problems and an editable title. */
export function ImportTree({
  nodes,
  titles,
  verdicts,
  onTitle,
}: {
  nodes: readonly ImportNode[];
  titles: Readonly<Record<string, string>>;
  /** The media library's verdicts by node id, as they are read. */
  verdicts: Readonly<Record<string, MediaVerdict>>;
  onTitle: (id: string, title: string) => void;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label="What the import builds">
      {nodes.map((node) => (
        <Row key={node.id} node={node} title={titles[node.id] ?? node.title} verdict={verdicts[node.id]} onTitle={onTitle} />
      ))}
    </ul>
  );
}
