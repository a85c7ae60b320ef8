export { DataTable, type DataTableProps, type Column } from './DataTable';
