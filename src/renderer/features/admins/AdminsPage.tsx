import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { AdminDraftSchema, type AdminDraft, type AdminUser, type UserDetails } from '../../../shared/schemas/admin-auth';
import { ADMIN_MESSAGE_MS, ADMIN_PAGE_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { useSession } from '../../lib/session-store';
import { callQuery, useCallMutation } from '../../lib/calls';
import { DeleteConfirmDialog, useDeleteConfirm } from '../../components/DeleteConfirm';
import { DataTable, type Column } from '../../components/DataTable';
import { EntityDialog, type FieldDescriptor } from '../../components/EntityDialog';
import { formatDateTime } from '../../lib/format';
import { PageHeader } from '../../components/PageHeader';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
  fixedRole: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '32px' },
  hint: { color: tokens.colorNeutralForeground3 },
  stamp: { display: 'flex', flexDirection: 'column', lineHeight: tokens.lineHeightBase200, minWidth: 0 },
  by: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** A date (DD/MM/YYYY HH:mm) with the admin who made the change under it. */
function Stamp({ at, by }: { at: string; by: string | undefined }) {
  const styles = useStyles();
  return (
    <span className={styles.stamp}>
      <span>{formatDateTime(at)}</span>
      <Text size={100} className={styles.by} title={by ? `by ${by}` : undefined}>
        {by ? `by ${by}` : '—'}
      </Text>
    </span>
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; record: AdminUser };

/** What an admin of the signed-in role may see (spec 1 section 6: an Admin sees only role User). */
export function visibleTo(viewer: UserDetails | null, rows: readonly AdminUser[]): AdminUser[] {
  if (viewer?.role === 'Admin') return rows.filter((r) => r.role === 'User');
  return [...rows];
}

export default function AdminsPage() {
  const styles = useStyles();
  const me = useSession((s) => s.user);
  const isSuperAdmin = me?.role === 'Super Admin';
  const [editing, setEditing] = useState<Editing | null>(null);

  const users = useQuery(callQuery('adminAuth.users'));
  const rows = useMemo(() => visibleTo(me, users.data ?? []), [me, users.data]);

  // The spec fixes the texts: 'User has been Deleted!!' for 2 seconds, "Couldn't delete user" on a bare failure.
  const remove = useCallMutation('adminAuth.delete', {
    fallback: MSG.couldntDeleteUser,
    success: MSG.userDeleted,
    successTimeout: ADMIN_MESSAGE_MS,
    invalidates: ['adminAuth.users'],
  });
  const deletion = useDeleteConfirm(remove, (admin: AdminUser) => ({ id: admin.id }));
  const askDelete = deletion.ask;

  const columns = useMemo<Column<AdminUser>[]>(
    () => [
      { accessorKey: 'name', header: 'Name' },
      { accessorKey: 'email', header: 'Email' },
      { accessorKey: 'phoneNo', header: 'Phone No.', meta: { width: 124 } },
      {
        accessorKey: 'role',
        header: 'Role',
        meta: { width: 108, filter: 'select', filterOptions: isSuperAdmin ? ['Super Admin', 'Admin', 'User'] : undefined },
        cell: ({ row }) => (
          <Badge appearance="tint" color={row.original.role === 'Super Admin' ? 'brand' : row.original.role === 'Admin' ? 'informative' : 'subtle'}>
            {row.original.role}
          </Badge>
        ),
      },
      {
        accessorKey: 'status',
        header: 'Status',
        meta: { width: 92, filter: 'select', filterOptions: ['Active', 'Inactive'] },
        cell: ({ row }) => (
          <Badge appearance="tint" color={row.original.status === 'Active' ? 'success' : 'subtle'}>
            {row.original.status}
          </Badge>
        ),
      },
      // When and by whom in one column each, so Name and Email keep room to be read.
      {
        accessorKey: 'addedAt',
        header: 'Added',
        cell: ({ row }) => <Stamp at={row.original.addedAt} by={row.original.addedBy?.name} />,
        meta: { width: 150, searchValue: (r) => `${formatDateTime(r.addedAt)} ${r.addedBy?.name ?? ''}` },
      },
      {
        accessorKey: 'updatedAt',
        header: 'Updated',
        cell: ({ row }) => <Stamp at={row.original.updatedAt} by={row.original.updatedBy?.name} />,
        meta: { width: 150, searchValue: (r) => `${formatDateTime(r.updatedAt)} ${r.updatedBy?.name ?? ''}` },
      },
      {
        id: 'edit',
        header: 'Edit',
        enableSorting: false,
        meta: { width: 52, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Tooltip content={`Edit ${row.original.name}`} relationship="label">
            <Button appearance="subtle" size="small" icon={<EditRegular />} onClick={() => setEditing({ mode: 'edit', record: row.original })} />
          </Tooltip>
        ),
      },
      {
        id: 'delete',
        header: 'Delete',
        enableSorting: false,
        meta: { width: 68, align: 'center', searchable: false },
        cell: ({ row }) =>
          row.original.id === me?.id ? null : (
            <Tooltip content={`Delete ${row.original.name}`} relationship="label">
              <Button appearance="subtle" size="small" icon={<DeleteRegular />} onClick={() => askDelete(row.original)} />
            </Tooltip>
          ),
      },
    ],
    [isSuperAdmin, me?.id, askDelete],
  );

  const record = editing?.mode === 'edit' ? editing.record : null;
  const saveRules = { fallback: MSG.somethingWentWrong, successTimeout: ADMIN_MESSAGE_MS, invalidates: ['adminAuth.users'] } as const;
  const add = useCallMutation('adminAuth.register', { ...saveRules, successFallback: MSG.userAdded });
  const update = useCallMutation('adminAuth.update', { ...saveRules, success: MSG.userUpdated });
  // An Admin manages role User records only; so does anyone editing a User record (no switch value fits it).
  const roleFixedToUser = !isSuperAdmin || record?.role === 'User';
  const fields = useMemo<FieldDescriptor<keyof AdminDraft & string>[]>(
    () => [
      { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 100, autoComplete: 'off' },
      { kind: 'email', name: 'email', label: 'Email', required: true, maxLength: 254 },
      { kind: 'tel', name: 'phoneNo', label: 'Phone No.', required: true, placeholder: '10-digit mobile number', maxLength: 16 },
      roleFixedToUser
        ? {
            kind: 'custom',
            name: 'role',
            label: 'Role',
            render: () => (
              <div className={styles.fixedRole}>
                <Badge appearance="tint" color="subtle">
                  User
                </Badge>
                <Text size={200} className={styles.hint}>
                  {isSuperAdmin ? 'This account has the role User.' : 'As an Admin you can add and edit User accounts only.'}
                </Text>
              </div>
            ),
          }
        : { kind: 'switch', name: 'role', label: 'Role', onLabel: 'Super Admin', offLabel: 'Admin', onValue: 'Super Admin', offValue: 'Admin' },
      { kind: 'switch', name: 'status', label: 'Status', onLabel: 'Active', offLabel: 'Inactive', onValue: 'Active', offValue: 'Inactive' },
    ],
    [roleFixedToUser, isSuperAdmin, styles.fixedRole, styles.hint],
  );

  const defaults: AdminDraft = record
    ? { name: record.name, email: record.email, phoneNo: record.phoneNo, role: record.role, status: record.status }
    : { name: '', email: '', phoneNo: '', role: isSuperAdmin ? 'Admin' : 'User', status: 'Inactive' };


  return (
    <div className={styles.page}>
      <PageHeader
        title="Admins"
        subtitle={isSuperAdmin ? 'Admin and user accounts of the console.' : 'User accounts you manage.'}
      />
      <DataTable
        ariaLabel="Admins"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        loading={users.isPending}
        error={users.isError ? users.error.message : null}
        onRetry={() => void users.refetch()}
        pageSize={ADMIN_PAGE_SIZE}
        pageSizeOptions={[ADMIN_PAGE_SIZE]}
        emptyText="No accounts yet."
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'add' })}>
            Add Admin
          </Button>
        }
      />
      <EntityDialog
        open={editing !== null}
        title={editing?.mode === 'edit' ? 'Edit Admin' : 'Add Admin'}
        schema={AdminDraftSchema}
        fields={fields}
        defaultValues={defaults}
        submitLabel={editing?.mode === 'edit' ? 'Save' : 'Add'}
        failureFallback={MSG.somethingWentWrong}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          record ? update.run({ id: record.id, ...values }) : add.run(values)
        }
      />
      <DeleteConfirmDialog state={deletion} title="Delete account" question={(admin) => `Are you sure you want to delete ${admin.name} (${admin.email})?`} />
    </div>
  );
}
