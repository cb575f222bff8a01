import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildOnce, removeStaleFiles, templateKey } from './support/database-templates.js';

/**
 * How the run's migrated templates are kept between runs (support/database-templates.ts): a key that changes with
 * any migration, a template written whole or not at all when two runs build it at once, and old keys removed.
 */

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'st-template-cache-'));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('the migrated templates kept between runs', () => {
  it('are named by every migration file: the same files give the same key, any change a new one', () => {
    const migrations = path.join(folder, 'migrations');
    fs.mkdirSync(path.join(migrations, 'meta'), { recursive: true });
    fs.writeFileSync(path.join(migrations, '0000_init.sql'), 'create table a (id int);');
    fs.writeFileSync(path.join(migrations, 'meta', '_journal.json'), '{"entries":[]}');
    const first = templateKey(migrations);
    expect(templateKey(migrations)).toBe(first);

    fs.writeFileSync(path.join(migrations, '0000_init.sql'), 'create table a (id bigint);');
    const edited = templateKey(migrations);
    expect(edited).not.toBe(first);

    fs.writeFileSync(path.join(migrations, '0001_more.sql'), 'create table b (id int);');
    expect(templateKey(migrations)).not.toBe(edited);
    fs.rmSync(path.join(migrations, '0001_more.sql'));
    fs.writeFileSync(path.join(migrations, 'meta', '_journal.json'), '{"entries":[1]}');
    expect(templateKey(migrations)).not.toBe(edited);
  });

  it('are written whole by one of two runs building at once, and a failed build leaves nothing', async () => {
    const target = path.join(folder, 'pglite-key.tar');
    let release!: () => void;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const build = (content: string) => async (temporary: string) => {
      fs.writeFileSync(temporary, content.slice(0, 2));
      // Both builds are half written before either finishes: the race the rename settles.
      if (++started === 2) release();
      await bothStarted;
      fs.appendFileSync(temporary, content.slice(2));
    };
    await Promise.all([buildOnce(target, build('first')), buildOnce(target, build('second'))]);
    expect(['first', 'second']).toContain(fs.readFileSync(target, 'utf8'));
    expect(fs.readdirSync(folder)).toEqual(['pglite-key.tar']);

    const failing = path.join(folder, 'pglite-other.tar');
    await expect(
      buildOnce(failing, async (temporary) => {
        fs.writeFileSync(temporary, 'half');
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    expect(fs.readdirSync(folder)).toEqual(['pglite-key.tar']);

    // A template already there is used as it is.
    await buildOnce(target, async () => {
      throw new Error('not built again');
    });
  });

  it('of earlier keys are removed, with what a stopped run left half built', () => {
    for (const name of [
      'pglite-old.tar',
      'pglite-old',
      'pglite-new.tar',
      'pglite-new',
      'pglite-old.tar.building-1',
    ])
      fs.writeFileSync(path.join(folder, name), '');
    removeStaleFiles(folder, 'new');
    expect(fs.readdirSync(folder).sort()).toEqual(['pglite-new', 'pglite-new.tar']);
  });
});
