import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type * as v from 'valibot';
import { Button, Tooltip, makeStyles } from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { RESOURCE_TYPES, ResourceDraftSchema, type Resource, type ResourceDraft } from '../../../shared/schemas/question-bank';
import { LANGUAGES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { CallError } from '../../../shared/result';
import { callQuery, useCallMutation } from '../../lib/calls';
import { DataTable } from '../../components/DataTable';
import { EntityDialog, type FieldDescriptor } from '../../components/EntityDialog';
import { formatDateTime } from '../../lib/format';
import { PageHeader } from '../../components/PageHeader';

/** Question and resource tables use the default page size (spec 1 section 9): 20, options 20, 50, 100. */
const PAGE_SIZE = 20;
const PAGE_SIZES = [20, 50, 100] as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
});

type Editing = { mode: 'add' } | { mode: 'edit'; record: Resource };

const fields: readonly FieldDescriptor<keyof ResourceDraft & string>[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true, maxLength: 200 },
  { kind: 'select', name: 'language', label: 'Language', required: true, options: LANGUAGES.map((l) => ({ value: l, label: l })), placeholder: 'Select a language' },
  { kind: 'select', name: 'type', label: 'Type', required: true, options: RESOURCE_TYPES.map((t) => ({ value: t, label: t })), placeholder: 'Select a type' },
];

/**
 * A platform server without the add and update calls answers 404 (no such route) or 405, or fails
 * without a message: the spec's fallback 'Resource Not Added, Please Try Again' shows then. A 404 of
 * the update that carries the server's own message (the resource was removed) keeps that message.
 */
const resourceRules = (mode: 'add' | 'edit') => ({
  fallback: MSG.resourceNotAdded,
  override: (error: CallError) => (error.status === 405 || (error.status === 404 && mode === 'add') ? MSG.resourceNotAdded : null),
  successFallback: mode === 'add' ? 'Resource has been Added' : 'Resource has been Updated',
  invalidates: ['questionBank.resources'] as const,
});

export default function ResourcesPage() {
  const styles = useStyles();
  const [editing, setEditing] = useState<Editing | null>(null);
  const resources = useQuery(callQuery('questionBank.resources'));
  const add = useCallMutation('questionBank.addResource', resourceRules('add'));
  const update = useCallMutation('questionBank.updateResource', resourceRules('edit'));

  const columns = useMemo<ColumnDef<Resource, unknown>[]>(
    () => [
      { accessorKey: 'slNo', header: 'Serial No', meta: { width: 104 } },
      { accessorKey: 'title', header: 'Title' },
      { accessorKey: 'language', header: 'Language', meta: { width: 130 } },
      { accessorKey: 'type', header: 'Type', meta: { width: 120 } },
      {
        id: 'updatedOn',
        accessorFn: (r) => r.metaInfo.updated.at,
        header: 'Updated On',
        cell: ({ row }) => formatDateTime(row.original.metaInfo.updated.at),
        meta: { width: 150, searchValue: (r) => formatDateTime(r.metaInfo.updated.at) },
      },
      {
        id: 'edit',
        header: 'Edit',
        enableSorting: false,
        meta: { width: 56, align: 'center', searchable: false },
        cell: ({ row }) => (
          <Tooltip content={`Edit ${row.original.title}`} relationship="label">
            <Button appearance="subtle" size="small" icon={<EditRegular />} onClick={() => setEditing({ mode: 'edit', record: row.original })} />
          </Tooltip>
        ),
      },
    ],
    [],
  );

  const record = editing?.mode === 'edit' ? editing.record : null;
  const defaults = record
    ? { title: record.title, language: record.language, type: record.type }
    : { title: '', language: undefined, type: undefined };

  return (
    <div className={styles.page}>
      <PageHeader title="Resources" subtitle="Learning resources by language and type." />
      <DataTable
        ariaLabel="Resources"
        columns={columns}
        data={resources.data ?? []}
        getRowId={(r) => r._id}
        loading={resources.isPending}
        error={resources.isError ? resources.error.message : null}
        onRetry={() => void resources.refetch()}
        pageSize={PAGE_SIZE}
        pageSizeOptions={PAGE_SIZES}
        emptyText="No resources yet."
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'add' })}>
            Add Resource
          </Button>
        }
      />
      <EntityDialog
        open={editing !== null}
        title={record ? 'Edit Resource' : 'Add Resource'}
        schema={ResourceDraftSchema}
        fields={fields}
        defaultValues={defaults as unknown as v.InferInput<typeof ResourceDraftSchema>}
        submitLabel={record ? 'Save' : 'Add'}
        failureFallback={MSG.resourceNotAdded}
        onClose={() => setEditing(null)}
        onSubmit={(values) => (record ? update.run({ id: record._id, ...values }) : add.run(values))}
      />
    </div>
  );
}
