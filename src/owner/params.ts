// Bodies of the owner's writes (spec, "Owner write operations").
import { z } from 'zod';

const id = z.string().min(1, 'is required').max(100);

/** Fields every write shares; confirm must be exactly true to write. */
const common = {
  ownerAccessToken: z.string().max(200).optional(),
  confirm: z.boolean({ error: 'must be a boolean: true performs the write, anything else previews it' }).optional(),
};

export const messageBody = z.object({
  ...common,
  quoteId: id,
  content: z.string().min(1, 'must be 1 to 5000 characters').max(5000, 'must be 1 to 5000 characters'),
});

export const missingInfoBody = z.object({
  ...common,
  quoteId: id,
  answers: z
    .array(z.string().min(1, 'each answer must be 1 to 1000 characters').max(1000, 'each answer must be 1 to 1000 characters'))
    .min(1, 'must have 1 to 20 answers')
    .max(20, 'must have 1 to 20 answers'),
});

export const selectVisitBody = z.object({
  ...common,
  quoteId: id,
  visitId: id,
  selectedTime: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a time zone' }),
});

export const acceptEstimateBody = z.object({ ...common, estimateId: id });

export const markCompleteBody = z.object({ ...common, quoteId: id });

export const reviewBody = z.object({
  ...common,
  quoteId: id,
  rating: z
    .number({ error: 'must be a number from 1 to 5' })
    .int('must be a whole number from 1 to 5')
    .min(1, 'must be a number from 1 to 5')
    .max(5, 'must be a number from 1 to 5'),
  review: z.string().min(3, 'must be 3 to 2000 characters').max(2000, 'must be 3 to 2000 characters'),
});

export const opportunityPath = z.object({
  opportunityId: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: 'The Opportunity id from the confirmation (the one the owner access token is scoped to).' }),
});
