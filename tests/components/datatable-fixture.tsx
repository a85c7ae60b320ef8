/**
 * A page that mounts the shared DataTable alone, for the component tests in tests/e2e/datatable.spec.ts.
 * `?rows=N` sets the row count; `?reorder=1` turns on reorder mode; the last saved order is written
 * into #saved so the test can read what onSaveOrder received.
 */
import { createRoot } from 'react-dom/client';
import { useState } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { DataTable, type Column } from '../../src/renderer/components/DataTable';

interface Row {
  id: string;
  name: string;
  language: string;
  count: number;
}

const params = new URLSearchParams(location.search);
const total = Number(params.get('rows') ?? 5);
const languages = ['English', 'Hindi', 'Tamil'];
const rows: Row[] = Array.from({ length: total }, (_, i) => ({
  id: `r${i + 1}`,
  name: `Row ${i + 1}`,
  language: languages[i % languages.length]!,
  count: (i * 7) % 11,
}));

const columns: Column<Row>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'language', header: 'Language', meta: { filter: 'select', filterOptions: languages } },
  { accessorKey: 'count', header: 'Count' },
];

function Fixture() {
  const [saved, setSaved] = useState<string>('');
  return (
    <FluentProvider theme={webLightTheme}>
      <div style={{ height: '90vh', display: 'flex', flexDirection: 'column' }}>
        <DataTable
          ariaLabel="Fixture rows"
          columns={columns}
          data={rows}
          getRowId={(row) => row.id}
          pagination={params.get('paged') === '1'}
          pageSize={20}
          pageSizeOptions={[20, 50, 100]}
          reorderable={params.get('reorder') === '1'}
          onSaveOrder={(ordered) => setSaved(ordered.map((row) => row.id).join(','))}
        />
      </div>
      <output id="saved">{saved}</output>
    </FluentProvider>
  );
}

createRoot(document.getElementById('root')!).render(<Fixture />);
