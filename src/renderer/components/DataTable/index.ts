export { DataTable, type DataTableProps, type Column } from './DataTable';
export { TreeTable, type TreeTableProps } from './TreeTable';
export { CellBadge, RowActionButton, type BadgeColor } from './cellControls';
