import { useState } from 'react';
import * as v from 'valibot';
import { Button, Field, Input, Menu, MessageBar, MessageBarActions, MessageBarBody, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger, Radio, RadioGroup, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { BookmarkMultipleRegular } from '@fluentui/react-icons';
import { ViewNameSchema, type NamedView } from '../../shared/schemas/settings';
import { MAX_VIEW_TEXT, VIEW_TEXT, readViewLink, readViewText, viewFileOf, viewFileText, viewLink } from '../../shared/named-views';
import { Tooltip } from '../components/Tooltip';
import { ContentDialog } from '../components/ContentDialog';
import { useNotify } from '../components/toast';
import { copyText } from '../lib/clipboard';
import { renamed, restoredView, sameContent, sameName, useScreenViews, withView, withoutView } from '../lib/named-views';
import { ShowInFolder } from '../lib/saved-toast';
import type { NamedViewsState } from './useNamedViews';

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalL },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { flex: '1 1 160px', fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  link: { width: '100%' },
  saved: { marginBottom: tokens.spacingVerticalM },
  // A long view name wraps inside the menu instead of running past it.
  popover: { maxWidth: '360px' },
  itemText: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
});

/** What the menu says beside a view: applied (the table shows it now), the one the screen opens with. */
const viewMarks = (view: NamedView, state: NamedViewsState, defaultView: string | null | undefined): string | undefined => {
  const shown = state.tableView.current !== null && sameContent(view, state.tableView.current, state.filters);
  return [shown ? 'Applied' : '', view.name === defaultView ? 'Default' : ''].filter(Boolean).join(', ') || undefined;
};

/** A name check's message, or null when the name will do. */
const nameProblem = (name: string, taken: readonly NamedView[], except?: string): string | null => {
  const parsed = v.safeParse(ViewNameSchema, name);
  if (!parsed.success) return parsed.issues[0].message;
  return taken.some((view) => view.name !== except && sameName(view.name, parsed.output)) ? `There is already a view named “${parsed.output}”.` : null;
};

/** A file name the save dialog suggests: the screen and the view, without the characters files may not hold. */
const viewFileName = (screen: string, view: string) => `${`${screen} - ${view}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').slice(0, 100)}.json`;

type Dialog = 'save' | 'manage' | 'link' | null;

/** The views in the menu: a component of its own, so that it reads the table's view as the menu opens. */
function ViewItems({ state, views, defaultView }: { state: NamedViewsState; views: readonly NamedView[]; defaultView: string | null | undefined }) {
  const styles = useStyles();
  return (
    <>
      {views.map((view) => (
        <MenuItem key={view.name} content={{ className: styles.itemText }} secondaryContent={viewMarks(view, state, defaultView)} onClick={() => state.apply(view)}>
          {view.name}
        </MenuItem>
      ))}
    </>
  );
}

/**
 * The screen's named views, under "Bookmarks" (Directus' name; "View" is the table's own menu): apply one, save the current view under a name, manage them (rename,
 * delete, the one the screen opens with, export as a file or a link), and import a view from a file
 * or a pasted `content-console://view` link. Every list screen has it (the kit's ListScreen).
 */
export function ViewsMenu({ state }: { state: NamedViewsState }) {
  const styles = useStyles();
  const { screen } = useScreenViews(state.screenKey);
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>(null);

  const importFile = async () => {
    const picked = await window.api.files.pick({ kind: 'view' });
    if (!picked.ok) return notify.error(picked.error.message);
    if (!picked.data) return;
    if (picked.data.size > MAX_VIEW_TEXT) return notify.error(VIEW_TEXT.tooLarge);
    const text = await window.api.files.readText({ grantId: picked.data.grantId });
    if (!text.ok) return notify.error(text.error.message);
    const read = readViewText(text.data.text);
    if (!read.ok) return notify.error(read.message);
    state.open(read.file);
  };

  return (
    <>
      <Menu>
        <Tooltip content="Bookmarks" relationship="label">
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<BookmarkMultipleRegular />} />
          </MenuTrigger>
        </Tooltip>
        <MenuPopover className={styles.popover}>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>Views of this screen</MenuGroupHeader>
              {screen.views.length === 0 ? <MenuItem disabled>No saved views yet</MenuItem> : <ViewItems state={state} views={screen.views} defaultView={screen.defaultView} />}
            </MenuGroup>
            <MenuDivider />
            <MenuItem onClick={() => setDialog('save')}>Save current view…</MenuItem>
            <MenuItem disabled={screen.views.length === 0} onClick={() => setDialog('manage')}>
              Manage views…
            </MenuItem>
            <MenuItem onClick={() => void importFile()}>Import view file…</MenuItem>
            <MenuItem onClick={() => setDialog('link')}>Open view link…</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {dialog === 'save' ? <SaveViewDialog state={state} onClose={() => setDialog(null)} /> : null}
      {dialog === 'manage' ? <ManageViewsDialog state={state} onClose={() => setDialog(null)} /> : null}
      {dialog === 'link' ? <OpenLinkDialog state={state} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** Save current view: a name; a name taken already is refused (rename or delete that view first). */
function SaveViewDialog({ state, onClose }: { state: NamedViewsState; onClose: () => void }) {
  const { screen, save } = useScreenViews(state.screenKey);
  const notify = useNotify();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ContentDialog
      title="Save current view"
      width={480}
      onClose={onClose}
      action={{
        label: 'Save',
        onClick: () => {
          const wrong = nameProblem(name, screen.views);
          const view = state.current(name.trim());
          if (wrong || !view) return setProblem(wrong ?? 'The table is not ready yet.');
          save(withView(screen, view));
          notify.success(`Saved the view “${view.name}”.`);
          onClose();
        },
      }}
    >
      <Text block>The columns, widths, sort, search, filters and page size as they are now.</Text>
      <Field label="Name" required validationMessage={problem ?? undefined}>
        <Input
          value={name}
          maxLength={80}
          onChange={(_e, d) => {
            setName(d.value);
            setProblem(null);
          }}
        />
      </Field>
    </ContentDialog>
  );
}

type Renaming = { from: string; to: string; problem: string | null };

/** A view's row while it is renamed: the new name, Save name, Cancel. */
function RenameRow({ name, renaming, onChange, onSave }: { name: string; renaming: Renaming; onChange: (next: Renaming | null) => void; onSave: () => void }) {
  const styles = useStyles();
  return (
    <div className={styles.row} role="listitem">
      <Field label={`New name of ${name}`} validationMessage={renaming.problem ?? undefined} className={styles.name}>
        <Input
          value={renaming.to}
          maxLength={80}
          autoFocus
          onChange={(_e, d) => onChange({ ...renaming, to: d.value, problem: null })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSave();
          }}
        />
      </Field>
      <Button appearance="primary" onClick={onSave}>
        Save name
      </Button>
      <Button onClick={() => onChange(null)}>Cancel</Button>
    </div>
  );
}

/** Rename, delete, export, share; and which view the screen opens with. */
function ManageViewsDialog({ state, onClose }: { state: NamedViewsState; onClose: () => void }) {
  const styles = useStyles();
  const { screen, save } = useScreenViews(state.screenKey);
  const notify = useNotify();
  // Said inside the dialog (a toast under a modal dialog cannot be reached), with its Show in folder.
  const [exported, setExported] = useState<{ name: string; savedId: string | null } | null>(null);
  const [renaming, setRenaming] = useState<Renaming | null>(null);
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);
  // The last view deleted, offered back in the dialog (Undo), where it was and as the default if it was.
  const [deleted, setDeleted] = useState<{ view: NamedView; index: number; wasDefault: boolean } | null>(null);
  // Shown at once (the kept preferences answer a moment later).
  const [opensWith, setOpensWith] = useState(screen.defaultView ?? '');
  const fileOf = (view: NamedView) => viewFileOf(state.screenKey, state.path, view);

  const exportFile = async (view: NamedView) => {
    const answer = await window.api.files.saveView({ name: viewFileName(state.screenKey, view.name), text: viewFileText(fileOf(view)) });
    if (!answer.ok) notify.error(answer.error.message);
    else if (answer.data.saved) setExported({ name: answer.data.saved, savedId: answer.data.savedId });
  };
  const copyLink = async (view: NamedView) => {
    const url = viewLink(fileOf(view));
    setLink({ name: view.name, url });
    if (await copyText(url)) notify.success('The link is copied.');
  };
  const finishRename = () => {
    if (!renaming) return;
    const problem = nameProblem(renaming.to, screen.views, renaming.from);
    if (problem) return setRenaming({ ...renaming, problem });
    save(renamed(screen, renaming.from, renaming.to.trim()));
    if (opensWith === renaming.from) setOpensWith(renaming.to.trim());
    setRenaming(null);
  };

  return (
    <ContentDialog title="Manage views" width={640} onClose={onClose}>
      <div className={styles.rows} role="list" aria-label="Views">
        {screen.views.map((view) =>
          renaming?.from === view.name ? (
            <RenameRow key={view.name} name={view.name} renaming={renaming} onChange={setRenaming} onSave={finishRename} />
          ) : (
            <div key={view.name} className={styles.row} role="listitem">
              <Text className={styles.name}>{view.name}</Text>
              <Button size="small" aria-label={`Rename ${view.name}`} onClick={() => setRenaming({ from: view.name, to: view.name, problem: null })}>
                Rename
              </Button>
              <Button size="small" aria-label={`Export file of ${view.name}`} onClick={() => void exportFile(view)}>
                Export file
              </Button>
              <Button size="small" aria-label={`Copy link of ${view.name}`} onClick={() => void copyLink(view)}>
                Copy link
              </Button>
              <Button
                size="small"
                aria-label={`Delete ${view.name}`}
                onClick={() => {
                  save(withoutView(screen, view.name));
                  setDeleted({ view, index: screen.views.indexOf(view), wasDefault: screen.defaultView === view.name });
                  if (opensWith === view.name) setOpensWith('');
                }}
              >
                Delete
              </Button>
            </div>
          ),
        )}
      </div>
      {exported ? (
        <MessageBar intent="success" className={styles.saved}>
          <MessageBarBody>Saved {exported.name}.</MessageBarBody>
          {exported.savedId ? (
            <MessageBarActions>
              <ShowInFolder savedId={exported.savedId} />
            </MessageBarActions>
          ) : null}
        </MessageBar>
      ) : null}
      {deleted ? (
        <MessageBar intent="info" className={styles.saved}>
          <MessageBarBody>Deleted the view “{deleted.view.name}”.</MessageBarBody>
          <MessageBarActions>
            <Button
              size="small"
              onClick={() => {
                save(restoredView(screen, deleted));
                if (deleted.wasDefault) setOpensWith(deleted.view.name);
                setDeleted(null);
              }}
            >
              Undo
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {link ? (
        <Field label={`Link of ${link.name}`} hint="A colleague opens it in Content Console (or pastes it into Open view link…).">
          <Textarea className={styles.link} readOnly value={link.url} resize="vertical" />
        </Field>
      ) : null}
      <Field label="This screen opens with">
        <RadioGroup
          value={opensWith}
          onChange={(_e, d) => {
            setOpensWith(d.value);
            save({ ...screen, defaultView: d.value || null });
          }}
        >
          <Radio value="" label="The view it was last left in" />
          {screen.views.map((view) => (
            <Radio key={view.name} value={view.name} label={view.name} />
          ))}
        </RadioGroup>
      </Field>
    </ContentDialog>
  );
}

/** A pasted `content-console://view?d=...` link (the browser preview's way in; the app opens links itself). */
function OpenLinkDialog({ state, onClose }: { state: NamedViewsState; onClose: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ContentDialog
      title="Open view link"
      width={560}
      onClose={onClose}
      action={{
        label: 'Open',
        onClick: () => {
          const read = readViewLink(text);
          if (!read.ok) return setProblem(read.message);
          onClose();
          state.open(read.file);
        },
      }}
    >
      <Field label="View link" required validationMessage={problem ?? undefined} hint="A link a colleague shared, starting with content-console://view?d=">
        <Textarea
          value={text}
          resize="vertical"
          onChange={(_e, d) => {
            setText(d.value);
            setProblem(null);
          }}
        />
      </Field>
    </ContentDialog>
  );
}
