// The component fixtures on one page: `?fixture=tree` or `?fixture=fields`, else the DataTable.
const fixture = new URLSearchParams(location.search).get('fixture');
if (fixture === 'tree') void import('./tree-fixture');
else if (fixture === 'fields') void import('./fields-fixture');
else void import('./datatable-fixture');
