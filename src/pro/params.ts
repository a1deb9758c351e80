// Inputs of the pro's operations (issue 26): the quote in the path, the bodies of the
// confirm-gated writes, and the page's forms, which are read into the same bodies.
import { z } from 'zod';
import { canonicalTimeZone } from '../html/time-zone';
import { confirm, messageContent } from '../owner/params';

export const quotePath = z.object({
  quoteId: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: 'The quote (thread) id from the e-mail, the one the pro access token is scoped to.' }),
});

/** Fields every pro write shares; confirm must be exactly true to write. */
const common = {
  proAccessToken: z.string().max(200).optional().meta({ description: 'The pro access token (64 hex), when it is not sent in a header.' }),
  confirm,
};

export const proMessageBody = z.object({ ...common, content: messageContent });

export const proQuestionsBody = z.object({
  ...common,
  questions: z
    .array(z.string().min(1, 'each question must be 1 to 1000 characters').max(1000, 'each question must be 1 to 1000 characters'))
    .min(1, 'must have 1 to 20 questions')
    .max(20, 'must have 1 to 20 questions')
    .meta({ description: 'What the pro needs to know before quoting, 1 to 20 questions; the owner answers them in this order.' }),
});

export const proVisitTimesBody = z.object({
  ...common,
  times: z
    .array(z.iso.datetime({ offset: true, error: 'each time must be an ISO 8601 date-time with a time zone' }))
    .min(1, 'must have 1 to 10 times')
    .max(10, 'must have 1 to 10 times')
    .meta({
      description: 'Visit times to offer the owner, 1 to 10 instants in the future, at most five years ahead; the owner picks one.',
    }),
});

export const proEstimateBody = z.object({
  ...common,
  amount: z
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .max(9_999_999_999.99, 'must be below 10,000,000,000')
    .meta({ description: 'The price, more than 0, with no more decimals than the currency has (1850.5 USD, 185000 JPY).' }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code')
    .default('USD')
    .meta({ description: 'ISO 4217 currency code (a currency, not a metal or test code); USD when absent.' }),
  description: z
    .string()
    .min(1, 'must be 1 to 5000 characters')
    .max(5000, 'must be 1 to 5000 characters')
    .meta({ description: 'What the estimate covers, 1 to 5000 characters.' }),
  validUntil: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).meta({
    description:
      "The last day (UTC) the owner can accept the estimate: today or later, at most five years ahead. A new estimate supersedes the pro's earlier submitted one.",
  }),
});

export const proDeclineBody = z.object({
  ...common,
  reason: z
    .string()
    .min(1, 'must be 1 to 1000 characters')
    .max(1000, 'must be 1 to 1000 characters')
    .meta({ description: 'Why the pro declines, 1 to 1000 characters; the owner sees it in the thread.' }),
});

/** The page's visit form: up to three local times and their zone (the reader's by default), read as the API's times. */
export const pageVisitTimesForm = z.object({
  ...common,
  times: z
    .array(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'each time must be a date and time (YYYY-MM-DDTHH:MM)'))
    .min(1, 'must have 1 to 10 times')
    .max(10, 'must have 1 to 10 times'),
  zone: z
    .string({ error: 'must be a time zone' })
    .refine((zone) => canonicalTimeZone(zone) !== undefined, 'must be an IANA time zone, e.g. America/New_York')
    .transform((zone) => canonicalTimeZone(zone)!),
});
