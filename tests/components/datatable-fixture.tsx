/**
 * A page that mounts the shared DataTable alone, for the component tests in tests/e2e/datatable.spec.ts.
 * `?rows=N` sets the row count; `?reorder=1` turns on reorder mode; the last saved order is written
 * into #saved so the test can read what onSaveOrder received. `?actions=1` adds the kit's action
 * columns (Edit, Delete; row 2 has no Delete) and a wide note column; what they do is written to #did.
 * `?error=1` shows a load failure with no rows.
 */
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { DataTable, type Column } from '../../src/renderer/components/DataTable';
import { action } from '../../src/renderer/kit/columns';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';

interface Row {
  id: string;
  name: string;
  language: string;
  count: number;
  difficulty: string;
  note: string;
}

const params = new URLSearchParams(location.search);
const total = Number(params.get('rows') ?? 5);
const languages = ['English', 'Hindi', 'Tamil'];
const rows: Row[] = Array.from({ length: total }, (_, i) => ({
  id: `r${i + 1}`,
  name: `Row ${i + 1}`,
  language: languages[i % languages.length]!,
  count: (i * 7) % 11,
  difficulty: ['Medium', 'Hard', 'Easy'][i % 3]!,
  note: `A long note of row ${i + 1} that does not fit into its column and is cut off with an ellipsis at the end`,
}));
const withActions = params.get('actions') === '1';

const columns: Column<Row>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'language', header: 'Language', meta: { filter: 'select', filterOptions: languages } },
  { accessorKey: 'count', header: 'Count' },
];

function Fixture() {
  const [saved, setSaved] = useState<string>('');
  const [did, setDid] = useState<string>('');
  const shown: Column<Row>[] = withActions
    ? [
        // Declared first, shown last: action columns are pinned at the right edge.
        action<Row>('edit', 'Edit', { label: (r) => `Edit ${r.name}`, icon: <EditRegular />, onClick: (r) => setDid(`edit ${r.id}`), width: 52 }),
        ...columns,
        { accessorKey: 'difficulty', header: 'Difficulty', meta: { width: 110, sortOrder: ['Easy', 'Medium', 'Hard'] } },
        { accessorKey: 'note', header: 'Note', meta: { width: 900 } },
        action<Row>('delete', 'Delete', { label: (r) => `Delete ${r.name}`, icon: <DeleteRegular />, onClick: (r) => setDid(`delete ${r.id}`), hidden: (r) => r.id === 'r2', width: 64 }),
      ]
    : columns;
  return (
    <FluentProvider theme={webLightTheme}>
      <div style={{ height: '90vh', display: 'flex', flexDirection: 'column' }}>
        <DataTable
          ariaLabel="Fixture rows"
          columns={shown}
          data={params.get('error') === '1' ? [] : rows}
          error={params.get('error') === '1' ? 'Cannot reach the server' : null}
          emptyText="No rows yet."
          onRowActivate={withActions ? (r) => setDid(`activate ${r.id}`) : undefined}
          getRowId={(row) => row.id}
          pagination={params.get('paged') === '1'}
          pageSize={20}
          pageSizeOptions={[20, 50, 100]}
          reorderable={params.get('reorder') === '1'}
          onSaveOrder={(ordered) => setSaved(ordered.map((row) => row.id).join(','))}
        />
      </div>
      <output id="saved">{saved}</output>
      <output id="did">{did}</output>
    </FluentProvider>
  );
}

// The table may read a window source through TanStack Query (list windows kept by main): it needs a client.
const queryClient = new QueryClient();
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <Fixture />
  </QueryClientProvider>,
);
