import type { CredentialKind } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { credentialKinds } from '../../../db/schema/index.js';
import { conflict } from '../../../lib/errors.js';
import { createResourceService, tableResource } from '../../platform/resources/index.js';
import { countHeldOfKind } from './compliance-queries.js';

const heldMessage = (name: string, held: number) =>
  `${name} is held by ${held} credential${held === 1 ? '' : 's'}. Remove or change them first.`;

const resource = tableResource(credentialKinds, {
  searchColumns: [credentialKinds.name],
  async beforeRemove(tx, row) {
    const held = await countHeldOfKind(tx, row.id);
    if (held) throw conflict(heldMessage((row as typeof credentialKinds.$inferSelect).name, held));
  },
});

const toAnswer = ({
  updatedAt: _updatedAt,
  ...row
}: typeof credentialKinds.$inferSelect): CredentialKind => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The kinds of credential an admin tracks (settings): name, for drivers or vehicles, warning days, blocks. */
export function createCredentialKindService({ db }: { db: Database }) {
  return createResourceService({
    db,
    entity: 'credential_kind',
    notFoundMessage: 'Credential kind not found.',
    conflicts: {
      credential_kinds_subject_name_unique: {
        field: 'name',
        message: 'A kind with this name already exists for the same holders.',
      },
      credentials_kind_id_credential_kinds_id_fk: {
        message: 'This kind is held by credentials. Remove or change them first.',
      },
    },
    ...resource,
    toAnswer,
    toListAnswer: toAnswer,
    describe: (kind) => ({ name: kind.name, subject: kind.subject }),
  });
}
export type CredentialKindService = ReturnType<typeof createCredentialKindService>;
