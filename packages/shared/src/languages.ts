import { z } from 'zod';

/**
 * An account's language (decision 053): a BCP 47 tag such as 'es' or 'pt-BR', or null to follow the browser's.
 * The server accepts only languages it has catalogues for and says which those are.
 */
export const languageChoiceSchema = z.object({
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Choose a language from the list.')
    .nullable(),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
