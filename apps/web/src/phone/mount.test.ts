import { expect, it } from 'vitest';
import { preferZodJitless } from './mount';

it("sets zod's jitless without importing zod, and zod loaded afterwards takes it", async () => {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  // Nothing else in this file sets it: a zod that stopped reading its settings from there fails below.
  expect(scope.__zod_globalConfig?.jitless).toBeUndefined();
  preferZodJitless();
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
  const { z } = await import('zod');
  expect(z.object({ name: z.string() }).safeParse({ name: 'Anna' }).success).toBe(true);
});
