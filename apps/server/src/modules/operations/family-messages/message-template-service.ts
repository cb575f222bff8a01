import type { MessageTemplate } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { ownSorts } from '../../../db/list-queries.js';
import { messageTemplates } from '../../../db/schema/index.js';
import { createResourceService, tableResource } from '../../platform/resources/index.js';

const toTemplate = ({
  updatedAt: _updatedAt,
  ...row
}: typeof messageTemplates.$inferSelect): MessageTemplate => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The office's message templates (decision 066): a resource of the kit, audited and answered as the others. */
export function createMessageTemplateService({ db }: { db: Database }) {
  return createResourceService({
    db,
    entity: 'message-template',
    notFoundMessage: 'Template not found.',
    conflicts: {
      message_templates_name_unique: { field: 'name', message: 'A template with this name already exists.' },
    },
    ...tableResource(messageTemplates, {
      searchColumns: [messageTemplates.name, messageTemplates.body],
      // No index beyond the name's uniqueness: an operator keeps a few dozen templates at most.
      sorts: ownSorts(messageTemplates, {
        name: [messageTemplates.name],
        createdAt: [messageTemplates.createdAt],
      }),
    }),
    toAnswer: toTemplate,
    toListAnswer: toTemplate,
    describe: (template) => ({ name: template.name }),
  });
}
export type MessageTemplateService = ReturnType<typeof createMessageTemplateService>;
