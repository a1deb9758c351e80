import { redactUrl } from '../../src/http/request-log';

test('credential-looking query values are redacted from logged URLs', () => {
  expect(redactUrl('/confirm?token=abcdef&x=1')).toBe('/confirm?token=%5Bredacted%5D&x=1');
  expect(redactUrl('/a?ownerAccessToken=1&apiKey=2&verificationCode=3&q=boat')).toBe(
    '/a?ownerAccessToken=%5Bredacted%5D&apiKey=%5Bredacted%5D&verificationCode=%5Bredacted%5D&q=boat',
  );
  expect(redactUrl('/plain')).toBe('/plain');
  // The pages' links and their redirects: the token goes, the zone and the notice stay.
  expect(redactUrl(`/owner/opportunities/x?token=${'a'.repeat(64)}&tz=America%2FNew_York&done=messages`)).toBe(
    '/owner/opportunities/x?token=%5Bredacted%5D&tz=America%2FNew_York&done=messages',
  );
});
