// Bodies and paths of agent registration and key management (spec: POST /api/agents/register,
// /api/v1/user-api-keys).
import { z } from 'zod';
import { singleLineText } from '../input/text';

export const registration = z.object({
  firstName: singleLineText(100).min(1, 'is required'),
  lastName: singleLineText(100).min(1, 'is required'),
  email: z.email('must be an e-mail address').max(254),
  password: z.string().min(10, 'must be at least 10 characters').max(200),
  purpose: z.string().max(2000).optional(),
});

export const newKey = z.object({ name: z.string().trim().min(1).max(100).optional() }).default({});
export const keyId = z.object({ id: z.uuid('must be a key id').meta({ description: 'The id of one of your keys (from the key list).' }) });
