// Bodies of the listing claim and edit operations (docs/decisions.md, "Claiming a listing"). These
// check shapes and the typed-text and URL rules (src/input/text.ts), so the 400 names the field:
// what a claimant may change and its rules (https only, lengths, how many photos) are the
// database's (app_private.listing_changes), and the descriptions say them.
import { z } from 'zod';
import { httpsUrl, multiLineText, singleLineText } from '../input/text';

export const claimBody = z.object({
  contractorSlug: z.string().min(1, 'is required').max(120).meta({ description: 'The slug of the listing to claim.' }),
  claimant: z
    .object({
      name: singleLineText(200)
        .min(1, 'is required')
        .meta({ description: 'Who is claiming: a person at the business (one line, shown quoted in the claim e-mail).' }),
      email: z
        .email('must be an e-mail address')
        .max(254)
        .meta({ description: "The claimant's e-mail, shown to the listing's inbox. The code is never sent here." }),
    })
    .meta({ description: 'Who asks; the code goes to the e-mail address the listing shows, never to the claimant.' }),
});

export const claimIdPath = z.object({
  claimId: z.string().min(1).max(100).meta({ description: 'The claim, from the claim operation.' }),
});

export const verifyBody = z.object({
  verificationCode: z
    .string()
    .trim()
    .min(6, 'must be at least 6 characters')
    .max(64)
    .meta({ description: "The 8-digit code e-mailed to the listing's own address." }),
});

const optional = (schema: z.ZodString, description: string) => schema.nullable().optional().meta({ description });
const url = (description: string) => optional(httpsUrl(600), description);

export const editBody = z.strictObject({
  listingAccessToken: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The listing access token (64 hex), when it is not sent in a header.' }),
  confirm: z
    .boolean({ error: 'must be a boolean: true performs the edit, anything else previews it' })
    .optional()
    .meta({ description: 'true performs the edit; absent or false answers a preview and changes nothing.' }),
  tagline: optional(singleLineText(1000), 'One line, 1 to 300 characters, no line breaks or control characters; null clears it.'),
  about: optional(
    multiLineText(20000),
    'The description, 1 to 5000 characters (line breaks allowed, no control characters); null clears it.',
  ),
  phone: optional(singleLineText(100), 'A phone number of 7 to 15 digits (with +, spaces, dots, dashes, parentheses); null clears it.'),
  website: url('An https URL (at most 500 characters); null clears it.'),
  social: z
    .strictObject({
      facebook: url('An https address on facebook.com or fb.com; null clears it.'),
      instagram: url('An https address on instagram.com; null clears it.'),
      linkedin: url('An https address on linkedin.com; null clears it.'),
      youtube: url('An https address on youtube.com or youtu.be; null clears it.'),
    })
    .optional()
    .meta({ description: 'Social links to change; networks left out stay as they are.' }),
  photos: z
    .array(
      z.strictObject({
        url: httpsUrl(600).meta({ description: 'An https URL of the image (at most 500 characters).' }),
        caption: singleLineText(1000).optional().meta({ description: 'A caption, one line of 1 to 200 characters.' }),
      }),
    )
    .max(100)
    .optional()
    .meta({ description: 'The whole photo list (at most 20), replacing the current one; [] removes every photo.' }),
});
export type EditBody = z.output<typeof editBody>;
