// Bodies of the owner's writes (spec, "Owner write operations").
import { z } from 'zod';

const id = (description: string) => z.string().min(1, 'is required').max(100).meta({ description });
const quoteId = id("The pro's quote (thread) id, from the Opportunity's `pros`.");

/** Every confirm-gated write's switch (the pro's too): exactly true writes. */
export const confirm = z
  .boolean({ error: 'must be a boolean: true performs the write, anything else previews it' })
  .optional()
  .meta({ description: 'true performs the write; absent or false answers a preview and writes nothing.' });

/** A message in a quote thread, from either side. */
export const messageContent = z
  .string()
  .min(1, 'must be 1 to 5000 characters')
  .max(5000, 'must be 1 to 5000 characters')
  .meta({ description: 'The message, 1 to 5000 characters.' });

/** Fields every write shares; confirm must be exactly true to write. */
const common = {
  ownerAccessToken: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The owner access token (64 hex), when it is not sent in a header.' }),
  confirm,
};

export const messageBody = z.object({
  ...common,
  quoteId,
  content: messageContent,
});

export const missingInfoBody = z.object({
  ...common,
  quoteId,
  answers: z
    .array(z.string().min(1, 'each answer must be 1 to 1000 characters').max(1000, 'each answer must be 1 to 1000 characters'))
    .min(1, 'must have 1 to 20 answers')
    .max(20, 'must have 1 to 20 answers')
    .meta({ description: "One answer per question of the open request, in the pro's order (1 to 20)." }),
});

export const selectVisitBody = z.object({
  ...common,
  quoteId,
  visitId: id('The proposed visit, from visit-options.'),
  selectedTime: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date-time with a time zone' })
    .meta({ description: 'One of the proposed times (any ISO 8601 spelling of the same instant, with a zone).' }),
});

export const acceptEstimateBody = z.object({
  ...common,
  estimateId: id("The estimate to accept, from the Opportunity's `pros[].estimates`."),
});

export const markCompleteBody = z.object({ ...common, quoteId });

export const reviewBody = z.object({
  ...common,
  quoteId,
  // Half points (docs/api.md, "Reviews"): 4 and 4.5 are ratings, 4.3 is not.
  rating: z
    .number({ error: 'must be a number from 1 to 5' })
    .min(1, 'must be a number from 1 to 5')
    .max(5, 'must be a number from 1 to 5')
    .multipleOf(0.5, 'must be in half points, e.g. 4 or 4.5')
    .meta({ description: 'The rating, 1 to 5 in half points (4, 4.5).' }),
  review: z
    .string()
    .min(3, 'must be 3 to 2000 characters')
    .max(2000, 'must be 3 to 2000 characters')
    .meta({ description: "The review text, 3 to 2000 characters; shown on the pro's profile." }),
});

/** Notice e-mails on (send: true) or stopped (send: false); the feed and the owner's page keep every event. */
export const noticeEmailsBody = z.object({
  ...common,
  send: z.boolean({ error: 'must be a boolean: false stops notice e-mails, true resumes them' }).meta({
    description:
      "false stops the notice e-mails about this Opportunity; true resumes them (from then on). The feed and the owner's page keep every event.",
  }),
});

export const opportunityPath = z.object({
  opportunityId: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: 'The Opportunity id from the confirmation (the one the owner access token is scoped to).' }),
});
