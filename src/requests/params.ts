// Bodies of the request flow (spec: POST .../service-requests, POST .../confirm).
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const serviceRequestBody = z.object({
  owner: z.object({
    firstName: text(100).min(1, 'is required'),
    lastName: text(100).optional(),
    email: z.email('must be an e-mail address').max(254),
    phone: text(40).optional(),
  }),
  project: z.object({
    specialtySlug: z.string().min(1, 'is required').max(120),
    location: text(300).min(1, 'is required'),
    description: text(5000).min(20, 'must be at least 20 characters'),
  }),
  contractorSlugs: z
    .array(z.string().min(1).max(120), { error: 'must be an array of contractor slugs (0 to 3)' })
    .max(3, 'must have at most 3 slugs')
    .refine((slugs) => new Set(slugs).size === slugs.length, 'must not repeat a slug'),
  ownerConsent: z.object(
    {
      confirmed: z.literal(true, { error: 'must be true: the owner must consent to the request' }),
      statement: text(2000).optional(),
    },
    { error: 'is required: the owner must consent to the request' },
  ),
  clientRequestId: z.string().min(1).max(200).optional(),
});
export type ServiceRequestBody = z.output<typeof serviceRequestBody>;

export const confirmBody = z
  .object({
    verificationCode: z.string().trim().min(6, 'must be at least 6 characters').max(64).optional(),
    verificationToken: z.string().trim().min(32, 'must be at least 32 characters').max(256).optional(),
  })
  .refine((b) => b.verificationCode !== undefined || b.verificationToken !== undefined, {
    message: 'is required: send verificationCode or verificationToken',
    path: ['verificationCode'],
  });

export const confirmQuery = z.object({
  token: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(256)
    .optional()
    .meta({ description: "The verification token from the e-mail's link (64 hex)." }),
});

export const requestIdPath = z.object({
  requestId: z.string().min(1).max(100).meta({ description: 'The id of the draft service request (from step 1 or the e-mail).' }),
});
