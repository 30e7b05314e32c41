/**
 * Bodies of the admin polling calls (spec part 2 §7). A setting's value may arrive as the string
 * the spec stores, or as the number or boolean a client holds; it is kept as a string and the
 * decider validates it by the setting's type.
 */
import { z } from 'zod';
import { monitoringTierSchema } from '@core/monitoring/tiers';
import { POLLING_MESSAGES } from './messages';

const required = (what: string) => (issue: { input: unknown }) => (issue.input === undefined ? `${what} is required` : `${what} must be text`);

/** An X Admin token: the step-up secret (docs/adr/0022-x-admin-step-up.md); at most 512 characters. */
const tokenSchema = z
  .string({ error: required('xAdminToken') })
  .trim()
  .min(1, { error: POLLING_MESSAGES.tokenEmpty })
  .max(512, { error: 'xAdminToken is too long' });

export const settingValueSchema = z.object({
  value: z.union([z.string().max(100, { error: 'value is too long' }), z.number(), z.boolean()], {
    error: (issue) => (issue.input === undefined ? 'value is required' : 'value must be text, a number or true/false'),
  }).transform(String),
  xAdminToken: tokenSchema.optional(),
});

export const tierAssignmentSchema = z.object({
  tier: monitoringTierSchema,
  xAdminToken: tokenSchema.optional(),
});

export const verifyXAdminSchema = z.object({ xAdminToken: tokenSchema });
