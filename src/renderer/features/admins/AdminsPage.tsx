import { useCallback } from 'react';
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AdminDraftSchema, type AdminDraft, type AdminUser, type UserDetails } from '../../../shared/schemas/admin-auth';
import { ADMIN_MESSAGE_MS, ADMIN_PAGE_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { useSession } from '../../lib/session-store';
import { callQuery } from '../../lib/calls';
import { formatDateTime } from '../../lib/format';
import { Stamp, badge, text, value } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, recordForm, resource } from '../../kit/Resource';
import type { FieldDescriptor } from '../../components/EntityDialog';

const useStyles = makeStyles({
  fixedRole: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '32px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** When and by whom in one column, so Name and Email keep room to be read. */
const stamp = (id: 'addedAt' | 'updatedAt', header: string, by: (r: AdminUser) => string | undefined, priority: number) =>
  value<AdminUser>(id, header, (r) => r[id], {
    width: 150,
    priority,
    cell: (r) => <Stamp at={r[id]} by={by(r)} />,
    searchValue: (r) => `${formatDateTime(r[id])} ${by(r) ?? ''}`,
  });

/** What an admin of the signed-in role may see (spec 1 section 6: an Admin sees only role User). */
export function visibleTo(viewer: UserDetails | null, rows: readonly AdminUser[]): AdminUser[] {
  if (viewer?.role === 'Admin') return rows.filter((r) => r.role === 'User');
  return [...rows];
}

/** The server refuses changing one's own role or status: on one's own record the switch says so up front. */
const OWN_ACCOUNT_HINT = 'You cannot change the role or status of your own account.';
/** Why a Super Admin cannot change a User account's role: the spec's role switch has only two values. */
const USER_ROLE_FIXED = "This account has the role User, which cannot be changed here: the role switch sets only Super Admin or Admin.";
/** Said in the selection bar while one's own row is ticked. */
const OWN_ACCOUNT_KEPT_OUT = 'Your own account is left out of Delete and Change: you cannot delete it or change its status.';

const switchOf = (name: 'role' | 'status', on: string, off: string, own = false): FieldDescriptor<'role' | 'status'> => ({
  kind: 'switch', name, label: name === 'role' ? 'Role' : 'Status', onLabel: on, offLabel: off, onValue: on, offValue: off,
  ...(own ? { disabled: true, hint: OWN_ACCOUNT_HINT } : {}),
});

// The spec fixes the texts: 'User has been Deleted!!' for 2 seconds, "Couldn't delete user" on a bare failure.
const rules = { successTimeout: ADMIN_MESSAGE_MS };

export default function AdminsPage() {
  const styles = useStyles();
  const me = useSession((s) => s.user);
  const isSuperAdmin = me?.role === 'Super Admin';

  const columns = useCallback(({ editColumn, deleteColumn }: ScreenActions<AdminUser>) => [
    text<AdminUser>('name', 'Name'),
    text<AdminUser>('email', 'Email'),
    text<AdminUser>('phoneNo', 'Phone No.', { width: 124, priority: 1 }),
    badge<AdminUser>('role', 'Role', { 'Super Admin': 'brand', Admin: 'informative' }, { width: 108, filter: 'select', filterOptions: isSuperAdmin ? ['Super Admin', 'Admin', 'User'] : undefined }),
    badge<AdminUser>('status', 'Status', { Active: 'success' }, { width: 92, filter: 'select', filterOptions: ['Active', 'Inactive'] }),
    stamp('addedAt', 'Added', (r) => r.addedBy?.name, 3),
    stamp('updatedAt', 'Updated', (r) => r.updatedBy?.name, 2),
    editColumn((r) => `Edit ${r.name}`, 52),
    deleteColumn((r) => `Delete ${r.name}`, (r) => r.id === me?.id),
  ], [isSuperAdmin, me?.id]);
  const rows = useCallback((users: readonly AdminUser[]) => visibleTo(me, users), [me]);

  const editor = (record: AdminUser | null) => {
    // An Admin manages role User records only; so does anyone editing a User record (no switch value fits it).
    const roleFixedToUser = !isSuperAdmin || record?.role === 'User';
    const own = !!record && record.id === me?.id;
    return recordForm({
      schema: AdminDraftSchema,
      fields: [
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
                    {isSuperAdmin ? USER_ROLE_FIXED : 'As an Admin you can add and edit User accounts only.'}
                  </Text>
                </div>
              ),
            }
          : switchOf('role', 'Super Admin', 'Admin', own),
        switchOf('status', 'Active', 'Inactive', own),
      ],
      defaults: { name: '', email: '', phoneNo: '', role: isSuperAdmin ? 'Admin' : 'User', status: 'Inactive' } satisfies AdminDraft,
      values: (r: AdminUser): AdminDraft => ({ name: r.name, email: r.email, phoneNo: r.phoneNo, role: r.role, status: r.status }),
      failureFallback: MSG.somethingWentWrong,
    });
  };
  const admins = resource<AdminUser>({
    name: 'Admin',
    form: editor,
    create: call('adminAuth.register', { ...rules, fallback: MSG.somethingWentWrong, successFallback: MSG.userAdded }),
    // The server's message ('User has been Updated'); 'User updated successfully!' when a success carries none.
    update: call('adminAuth.update', { ...rules, fallback: MSG.somethingWentWrong, successFallback: MSG.userUpdatedSuccessfully }),
    remove: {
      ...call('adminAuth.delete', { ...rules, fallback: MSG.couldntDeleteUser, success: MSG.userDeleted }),
      title: 'Delete account',
      question: (r) => `Are you sure you want to delete ${r.name} (${r.email})?`,
    },
    bulk: {
      names: ['account', 'accounts'],
      label: (r) => `${r.name} (${r.email})`,
      fields: [{ name: 'status', label: 'Status', options: ['Active', 'Inactive'] }],
      // The server refuses both on one's own account: the actions leave it out and the bar says why.
      keptOut: { row: (r) => r.id === me?.id, reason: OWN_ACCOUNT_KEPT_OUT },
      // A change of many says what a change of one says (the server's own words, shown for 2 seconds).
      updated: { text: MSG.userUpdated, timeout: ADMIN_MESSAGE_MS },
    },
  });

  return (
    <ResourceScreen
      title="Admins"
      subtitle={isSuperAdmin ? 'Admin and user accounts of the console.' : 'User accounts you manage.'}
      resource={admins}
      list={callQuery('adminAuth.users')}
      rows={rows}
      rowId={(r) => r.id}
      columns={columns}
      pageSize={ADMIN_PAGE_SIZE}
      pageSizes={[ADMIN_PAGE_SIZE]}
      emptyText="No accounts yet."
    />
  );
}
