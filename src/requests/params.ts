// Bodies of the request flow (spec: POST .../service-requests, POST .../confirm).
import { z } from 'zod';
import { multiLineText, singleLineText } from '../input/text';

// Names, the phone and the location are one line (the location is an e-mail's subject).
const text = singleLineText;

export const serviceRequestBody = z.object({
  owner: z
    .object({
      firstName: text(100).min(1, 'is required').meta({ description: "The owner's first name." }),
      lastName: text(100).optional().meta({ description: "The owner's last name." }),
      email: z.email('must be an e-mail address').max(254).meta({ description: 'Where the verification code and link are sent.' }),
      phone: text(40).optional().meta({ description: "The owner's phone number, for the pros." }),
    })
    .meta({ description: 'The boat owner, who must consent and verifies the request by e-mail.' }),
  project: z
    .object({
      specialtySlug: z.string().min(1, 'is required').max(120).meta({ description: 'The specialty needed (a slug from the specialties).' }),
      location: text(300).min(1, 'is required').meta({ description: 'Where the boat is: marina, city, state.' }),
      description: multiLineText(5000)
        .min(20, 'must be at least 20 characters')
        .meta({ description: 'What needs doing, at least 20 characters.' }),
    })
    .meta({ description: 'The work requested.' }),
  contractorSlugs: z
    .array(z.string().min(1).max(120), { error: 'must be an array of contractor slugs (0 to 3)' })
    .max(3, 'must have at most 3 slugs')
    .refine((slugs) => new Set(slugs).size === slugs.length, 'must not repeat a slug')
    .meta({ description: 'Up to 3 contractor slugs to ask; empty: the coverage team finds a pro.' }),
  ownerConsent: z
    .object(
      {
        confirmed: z
          .literal(true, { error: 'must be true: the owner must consent to the request' })
          .meta({ description: 'Must be true: the owner asked for these quotes.' }),
        statement: multiLineText(2000).optional().meta({ description: "The owner's consent in their words, if recorded." }),
      },
      { error: 'is required: the owner must consent to the request' },
    )
    .meta({ description: "The owner's consent to being contacted about this request." }),
  clientRequestId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'Your id for this request: repeating it does not create a second draft.' }),
});
export type ServiceRequestBody = z.output<typeof serviceRequestBody>;

export const confirmBody = z
  .object({
    verificationCode: z
      .string()
      .trim()
      .min(6, 'must be at least 6 characters')
      .max(64)
      .optional()
      .meta({ description: 'The 8-digit code from the e-mail.' }),
    verificationToken: z
      .string()
      .trim()
      .min(32, 'must be at least 32 characters')
      .max(256)
      .optional()
      .meta({ description: "The token from the e-mail's link (instead of the code)." }),
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
