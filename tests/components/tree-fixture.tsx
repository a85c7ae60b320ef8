/**
 * A page that mounts the shared TreeTable alone (index.html?fixture=tree), for tests/e2e/treetable.spec.ts: 10,000 nodes, 100
 * courses of 9 modules of 10 topics each.
 */
import { createRoot } from 'react-dom/client';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { TreeTable, type Column } from '../../src/renderer/components/DataTable';

interface Node {
  id: string;
  name: string;
  kind: 'Course' | 'Module' | 'Topic';
  children?: Node[];
}

const roots: Node[] = Array.from({ length: 100 }, (_, c) => ({
  id: `c${c + 1}`,
  name: `Course ${c + 1}`,
  kind: 'Course',
  children: Array.from({ length: 9 }, (_, m) => ({
    id: `c${c + 1}m${m + 1}`,
    name: `Module ${c + 1}.${m + 1}`,
    kind: 'Module',
    children: Array.from({ length: 10 }, (_, t) => ({ id: `c${c + 1}m${m + 1}t${t + 1}`, name: `Topic ${c + 1}.${m + 1}.${t + 1}`, kind: 'Topic' })),
  })),
}));

const columns: Column<Node>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'kind', header: 'Kind', meta: { width: 120 } },
  { id: 'children', accessorFn: (n) => n.children?.length ?? 0, header: 'Children', meta: { width: 110, align: 'end' } },
];

createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme}>
    <div style={{ height: '90vh', display: 'flex', flexDirection: 'column' }}>
      <TreeTable ariaLabel="Course tree" columns={columns} roots={roots} getRowId={(n) => n.id} getChildren={(n) => n.children} />
    </div>
  </FluentProvider>,
);
