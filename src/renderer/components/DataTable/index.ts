export { DataTable, type DataTableProps, type Column } from './DataTable';
export { TreeTable, type TreeTableProps } from './TreeTable';
