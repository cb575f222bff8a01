import type { TestProject } from 'vitest/node';
import { prepareDatabaseTemplates } from './support/database-templates.js';

/**
 * Before any test file of a project: the migrated databases each file copies (support/database-templates.ts). Every
 * project runs this; the first makes the templates and the others find them.
 */
export default async function setup(project: TestProject): Promise<void> {
  const postgresUrl =
    project.config.env?.TEST_DB === 'postgres' ? project.config.env.TEST_DATABASE_URL : undefined;
  project.provide('databaseTemplates', await prepareDatabaseTemplates(postgresUrl));
}
