import { sql } from 'drizzle-orm';
import { guardianIsActive } from '../../../db/active-records.js';
import { ownSorts } from '../../../db/list-queries.js';
import { parents, studentGuardians, users } from '../../../db/schema/index.js';
import { accountStateColumns } from '../../platform/accounts/index.js';
import { accountResource, accountSort } from '../../platform/resources/index.js';

/** A parent is a person with an account (role parent): name and e-mail live on the user. */
export const parentResource = accountResource(parents, 'parent', {
  searchColumns: [parents.phone],
  active: guardianIsActive,
  sorts: {
    name: accountSort(parents, 'parent', users.name),
    email: accountSort(parents, 'parent', users.email),
    ...ownSorts(parents, { createdAt: [parents.createdAt] }),
  },
  extraColumns: {
    // The children they are a guardian of (decision 064): a correlated count along the links' parent index per row
    // of the page, instead of grouping every link.
    childrenCount: sql<number>`(select count(*)::int from ${studentGuardians} where ${studentGuardians.parentId} = ${parents.id})`,
    // Whether the parent can sign in to the parent portal (accounts/role-account-service.ts).
    ...accountStateColumns,
  },
});
export type ParentRow = NonNullable<Awaited<ReturnType<typeof parentResource.find>>>;
