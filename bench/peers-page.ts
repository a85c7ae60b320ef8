/**
 * The peers' page of `npm run bench -- peers` (bench/peers.ts bundles it with esbuild; it never reaches the
 * app): AG Grid Community (React, client-side row model) over the same lists the console shows, and Uppy's
 * Dashboard over the same files the Bulk Upload screen takes. The bench drives it through `window.peers`
 * and times it with the same in-page helpers as the table bench. Uppy's style sheets are inlined by the bench.
 */
import { createElement, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { AllCommunityModule, ModuleRegistry, type ColDef, type GridApi, type GridReadyEvent, type ValueGetterParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';

ModuleRegistry.registerModules([AllCommunityModule]);

type Row = Record<string, unknown>;
type Kind = 'questions' | 'learners';

/** dd/MM/yyyy HH:mm in local time, as the console shows dates (and searches them as shown). */
const two = (n: number) => String(n).padStart(2, '0');
const shownDate = (iso: unknown): string => {
  if (typeof iso !== 'string' || iso === '') return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
};
const path = (row: unknown, keys: string[]): unknown => keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Row)[k] : undefined), row);
const dateCol = (field: string, headerName: string, keys: string[]): ColDef => ({
  colId: field,
  headerName,
  width: 150,
  valueGetter: (p: ValueGetterParams) => path(p.data, keys),
  valueFormatter: (p) => shownDate(p.value),
  getQuickFilterText: (p) => shownDate(p.value),
});
/** A small button in a cell, as the console's row controls (Edit, the learner's progress). */
const button = (label: (row: Row) => string) => (p: { data?: Row; value?: unknown }) =>
  p.data ? createElement('button', { type: 'button', 'aria-label': label(p.data) }, String(p.value ?? 'Edit')) : null;

// The columns the console's screens show (QuestionBankPage.tsx, UsersPage.tsx).
const COLUMNS: Record<Kind, ColDef[]> = {
  questions: [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'language', headerName: 'Language', width: 120 },
    { field: 'question', headerName: 'Question', flex: 1, minWidth: 360 },
    { field: 'difficulty', headerName: 'Difficulty', width: 104 },
    { colId: 'optionsCount', headerName: 'Options count', width: 132, type: 'numericColumn', valueGetter: (p) => (p.data?.options as unknown[] | undefined)?.length ?? 0 },
    dateCol('addedOn', 'Added On', ['metaInfo', 'created', 'at']),
    dateCol('updatedOn', 'Updated On', ['metaInfo', 'updated', 'at']),
    { colId: 'edit', headerName: 'Edit', width: 80, sortable: false, getQuickFilterText: () => '', cellRenderer: button((r) => `Edit question ${String(r.id)}`) },
  ],
  learners: [
    { colId: 'mobile', headerName: 'Mobile', width: 180, valueGetter: (p) => path(p.data, ['userInfo', 'mobileNumber']), cellRenderer: button((r) => `Progress of ${String(path(r, ['userInfo', 'mobileNumber']))}`) },
    dateCol('loginTime', 'Last Login Time', ['userInfo', 'loginTime']),
    { colId: 'language', headerName: 'Preferred Language', flex: 1, valueGetter: (p) => path(p.data, ['userInfo', 'preferredLanguage']) },
    { colId: 'progress', headerName: 'Progress (%)', width: 140, type: 'numericColumn', valueGetter: (p) => path(p.data, ['currentProgress', 'progress']), cellRenderer: button((r) => `${String(path(r, ['currentProgress', 'progress']))}% current progress`) },
  ],
};
const ENVELOPE_FIELD: Record<Kind, string> = { questions: 'questions', learners: 'users' };

const rows: Partial<Record<Kind, Row[]>> = {};
let root: Root | null = null;
let api: GridApi | null = null;
let uppy: Uppy | null = null;

const host = (id: string): HTMLElement => {
  document.getElementById(id)?.remove();
  const el = document.createElement('div');
  el.id = id;
  el.style.cssText = 'position:fixed;inset:0;background:white';
  document.body.append(el);
  return el;
};

const peers = {
  /** The whole list from the server (through the bench's pass-through, with the token), parsed: its row count. */
  async load(kind: Kind): Promise<number> {
    const response = await fetch(`/data/${kind}`);
    if (!response.ok) throw new Error(`the list answered ${response.status}`);
    const body = (await response.json()) as Row;
    const list = body[ENVELOPE_FIELD[kind]];
    if (!Array.isArray(list)) throw new Error(`the answer has no ${ENVELOPE_FIELD[kind]}`);
    rows[kind] = list as Row[];
    return list.length;
  },
  /**
   * AG Grid over the loaded rows, with its recommended settings for large data: the client-side row model,
   * row ids (getRowId), the quick filter's cache, the value cache, no row animation; rows and columns
   * virtualised (its default). The React render is synchronous; the rows paint in the frames after.
   */
  mount(kind: Kind): void {
    peers.unmount();
    const data = rows[kind];
    if (!data) throw new Error(`${kind} not loaded`);
    root = createRoot(host('grid'));
    const grid: ReactElement = createElement(
      'div',
      { style: { display: 'flex', flexDirection: 'column', height: '100%' } },
      createElement('input', { type: 'search', 'aria-label': 'Search', id: 'quick', onInput: (e: { currentTarget: HTMLInputElement }) => api?.setGridOption('quickFilterText', e.currentTarget.value) }),
      createElement(
        'div',
        { style: { flex: '1 1 auto' } },
        createElement(AgGridReact<Row>, {
          rowData: data,
          columnDefs: COLUMNS[kind],
          rowModelType: 'clientSide',
          getRowId: (p) => String(p.data._id),
          cacheQuickFilter: true,
          valueCache: true,
          animateRows: false,
          rowSelection: { mode: 'multiRow' },
          onGridReady: (e: GridReadyEvent) => {
            api = e.api;
          },
        }),
      ),
    );
    flushSync(() => root!.render(grid));
  },
  unmount(): void {
    root?.unmount();
    root = null;
    api = null;
    document.getElementById('grid')?.remove();
  },
  /** The grid's state as painted: its displayed row count, and whether the DOM's first row is the model's. */
  painted(): { count: number; inStep: boolean } {
    if (!api) return { count: -1, inStep: false };
    const count = api.getDisplayedRowCount();
    const first = api.getDisplayedRowAtIndex(0);
    const row = document.querySelector('#grid .ag-row[row-index="0"]');
    // The first row is the model's, with its cells' text (the second column: the first is the selection's).
    const inStep = count === 0 ? row === null : row !== null && row.getAttribute('row-id') === first?.id && (row.querySelectorAll('[role="gridcell"]')[1]?.textContent ?? '') !== '';
    return { count, inStep };
  },
  forget(kind: Kind): void {
    delete rows[kind];
  },
  /** Uppy with its Dashboard inline, as a page would embed it (no upload: no uploader plugin). */
  uppyOpen(): void {
    peers.uppyClose();
    host('uppy');
    uppy = new Uppy({ autoProceed: false }).use(Dashboard, { inline: true, target: '#uppy', width: '100%', height: 840, proudlyDisplayPoweredByUppy: false });
  },
  uppyClose(): void {
    uppy?.destroy();
    uppy = null;
    document.getElementById('uppy')?.remove();
  },
  /** Files of `size` bytes each under these names (each its own File over one shared buffer, as a drop gives them). */
  uppyFiles(names: string[], size: number): File[] {
    const bytes = new Uint8Array(size);
    return names.map((name) => new File([bytes], name.split('/').pop()!, { type: 'video/mp4' }));
  },
  uppyAdd(files: File[], names: string[]): void {
    uppy!.addFiles(files.map((data, i) => ({ name: data.name, type: data.type, data, source: 'Local', isRemote: false, meta: { relativePath: names[i] } })));
  },
  uppyCount(): number {
    return uppy ? uppy.getFiles().length : 0;
  },
};

(window as unknown as { peers: typeof peers }).peers = peers;
