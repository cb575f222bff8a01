import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { MessageTemplate } from '@school-transport/shared';
import { lazy, Suspense, useState } from 'react';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import { formatDate } from '../../lib/time/format';
import { MESSAGE_TEMPLATES, useDeleteMessageTemplate } from './family-messages-api';

const MessageTemplateFormDialog = lazy(async () => ({
  default: (await import('./MessageTemplateFormDialog')).MessageTemplateFormDialog,
}));

type OpenForm = { template?: MessageTemplate } | null;

/** The texts the office sends often, with their placeholders and languages (decision 066). */
export function MessageTemplateListPage() {
  const [form, setForm] = useState<OpenForm>(null);
  const { confirmDelete, dialog: deleteDialog } = useDeleteConfirmation<MessageTemplate>({
    title: 'Delete Template?',
    describe: (template) =>
      `Are you sure you want to delete the template ${template.name}? Messages already sent keep their text.`,
    remove: useDeleteMessageTemplate().mutateAsync,
  });

  const columns: Column<MessageTemplate>[] = [
    { header: 'Name', sort: 'name', card: 'title', cell: (template) => template.name },
    { header: 'Text', card: 'field', cell: (template) => template.body },
    {
      header: 'Languages',
      card: 'field',
      cell: (template) => ['en', ...Object.keys(template.translations)].join(', '),
    },
    { header: 'Added', sort: 'createdAt', cell: (template) => formatDate(template.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (template) => (
        <RowActionsMenu
          label={`Actions for ${template.name}`}
          actions={[
            { label: 'Edit', icon: <EditOutlinedIcon />, onClick: () => setForm({ template }) },
            { label: 'Delete', icon: <DeleteOutlinedIcon />, onClick: () => confirmDelete(template) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title="Message Templates"
        resource={MESSAGE_TEMPLATES}
        columns={columns}
        searchPlaceholder="Template name or text"
        headerAction={<AddButton label="Add Template" onClick={() => setForm({})} />}
      />
      {form && (
        <Suspense fallback={null}>
          <MessageTemplateFormDialog template={form.template} onClose={() => setForm(null)} />
        </Suspense>
      )}
      {deleteDialog}
    </>
  );
}
