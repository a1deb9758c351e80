// Structured JSON logs (pino). Credentials never reach a log line: the redact paths below cover
// the headers and body fields that carry them.
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-service-owner-access-token"]',
          'req.headers["x-service-pro-access-token"]',
          'req.headers["x-service-listing-access-token"]',
          'req.headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
