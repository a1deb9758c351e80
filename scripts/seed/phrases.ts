// Sentence templates for taglines, "about" texts and reviews. Templates are functions of a small
// context, so a missing field is a type error rather than a "{marina}" left in the output.
import type { SpecialtySlug } from './specialties';

/** How a trade reads inside a sentence: "outboard technicians", "canvas work". */
export const TRADE_WORDS: Readonly<Record<SpecialtySlug, string>> = {
  'engine-repair': 'engine repair',
  'outboard-service': 'outboard',
  'diesel-engines': 'diesel',
  'fiberglass-gelcoat': 'fiberglass',
  'bottom-painting': 'bottom paint',
  rigging: 'rigging',
  'sail-repair': 'sail repair',
  'canvas-upholstery': 'canvas',
  'marine-electronics': 'marine electronics',
  'marine-electrical': 'marine electrical',
  'marine-plumbing': 'marine plumbing',
  'refrigeration-air-conditioning': 'marine air and refrigeration',
  'welding-fabrication': 'welding and fabrication',
  'woodwork-teak': 'teak and varnish',
  detailing: 'detailing',
  'hull-cleaning-diving': 'hull cleaning',
  'marine-surveying': 'marine survey',
  'winterization-shrink-wrap': 'winterization',
  'haul-out-storage': 'boatyard',
  'towing-salvage': 'towing',
  'yacht-delivery-captains': 'yacht delivery',
  'propellers-running-gear': 'propeller',
  watermakers: 'watermaker',
  generators: 'generator',
  'boat-transport': 'boat transport',
};

/** Lower-cases a phrase's first letter for use mid-sentence, leaving acronyms ("VHF") alone. */
export function midSentence(phrase: string): string {
  const second = phrase.charAt(1);
  return second !== '' && second === second.toLowerCase() ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase;
}

/** "a, b and c". */
export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export interface ProfileContext {
  readonly name: string;
  readonly city: string;
  readonly state: string;
  readonly trade: string;
  /** Services as they read mid-sentence. */
  readonly services: readonly string[];
  readonly marina: string | null;
  readonly yearEstablished: number;
  readonly boatKind: string;
  readonly boatKind2: string;
  readonly yearsOfExperience: number;
  readonly ownership: string;
}

type Template<C> = (c: C) => string;

export const OWNERSHIP: readonly string[] = [
  'family-owned',
  'independent',
  'veteran-owned',
  'locally owned',
  'owner-operated',
  'full-service',
];

export const TAGLINES: readonly Template<ProfileContext>[] = [
  (c) => `Trusted ${c.trade} service for ${c.city} boaters since ${c.yearEstablished}`,
  (c) => `Factory-trained ${c.trade} technicians serving ${c.city}, ${c.state}`,
  (c) => `Mobile ${c.trade} service: we come to your slip`,
  (c) => `Honest work and fair prices on the ${c.city} waterfront`,
  (c) => `Keeping ${c.boatKind} on the water`,
  () => 'Your boat, done right the first time',
  (c) => `Dockside ${c.trade} service you can count on`,
  (c) => `${c.city}'s go-to name in ${c.trade}`,
  () => 'Fast turnaround, no surprises',
  (c) => `From ${c.services[0] ?? c.trade} to ${c.services[1] ?? 'haul-out'}, we've got you covered`,
  (c) => (c.marina ? `Your ${c.trade} team at ${c.marina}` : `Serving ${c.city} and the surrounding waters`),
];

export const ABOUT_INTROS: readonly Template<ProfileContext>[] = [
  (c) => `${c.name} is a ${c.ownership} ${c.trade} shop based in ${c.city}, ${c.state}.`,
  (c) => `Since ${c.yearEstablished}, ${c.name} has kept ${c.city} boats running with dependable ${c.trade} work.`,
  (c) =>
    c.marina
      ? `Based at ${c.marina}, ${c.name} provides ${c.trade} services for boaters across the ${c.city} area.`
      : `${c.name} provides ${c.trade} services for boaters across the ${c.city} area.`,
  (c) => `${c.name} is ${c.city}'s ${c.ownership} choice for ${c.trade} work, in business since ${c.yearEstablished}.`,
];

export const ABOUT_SERVICES: readonly Template<ProfileContext>[] = [
  (c) => `We handle ${listPhrase(c.services.slice(0, 3))} for ${c.boatKind} and ${c.boatKind2}.`,
  (c) => `Our services include ${listPhrase(c.services.slice(0, 4))}.`,
  (c) => `Typical jobs include ${listPhrase(c.services.slice(0, 3))}, on everything from ${c.boatKind} to ${c.boatKind2}.`,
];

export const ABOUT_CREDENTIALS: readonly Template<ProfileContext>[] = [
  (c) => `Our technicians bring over ${c.yearsOfExperience} years of experience on the water.`,
  (c) =>
    c.marina
      ? `We work out of ${c.marina} and offer mobile service at your slip.`
      : 'We offer mobile service at your slip, mooring or driveway.',
  () => 'Every job comes with a written estimate and a clear timeline.',
  () => 'We follow ABYC standards and stand behind our work.',
];

export const ABOUT_CLOSINGS: readonly Template<ProfileContext>[] = [
  () => 'Call for a free estimate.',
  () => 'Emergency calls are answered around the clock.',
  () => 'Ask about our seasonal maintenance plans.',
  (c) => `Proudly serving ${c.city} boaters.`,
];

export interface ReviewContext {
  readonly tech: string;
  readonly boat: string;
  readonly service: string;
  readonly trade: string;
  readonly city: string;
}

export const REVIEW_OPENERS_GOOD: readonly Template<ReviewContext>[] = [
  (c) => `${c.tech} did a great job on our ${c.boat}.`,
  () => 'Fast, fair and professional.',
  (c) => `Best ${c.trade} service in ${c.city}, hands down.`,
  (c) => `They took care of our ${c.service} and the boat runs better than ever.`,
  () => 'Showed up on time, explained everything and cleaned up after.',
  () => 'Third season using them and they have never let us down.',
  () => 'Quoted a fair price and finished a day early.',
  (c) => `Came out on short notice when our ${c.boat} needed help.`,
];

export const REVIEW_FOLLOW_UPS_GOOD: readonly Template<ReviewContext>[] = [
  () => 'Highly recommend.',
  () => 'Will definitely use them again.',
  (c) => `Thanks, ${c.tech}!`,
  () => 'Great communication throughout.',
  () => 'Worth every penny.',
  () => 'They even sent photos of the work while we were out of town.',
];

export const REVIEW_OPENERS_MIXED: readonly Template<ReviewContext>[] = [
  (c) => `Good work on the ${c.service}, but it took longer than quoted.`,
  () => 'Decent job overall; communication could be better.',
  () => 'The work was fine but the invoice came in higher than the estimate.',
  (c) => `Had to follow up a couple of times, but ${c.tech} got it sorted.`,
];

export const REVIEW_FOLLOW_UPS_MIXED: readonly Template<ReviewContext>[] = [
  () => 'Would probably use them again.',
  () => 'An okay experience.',
  () => 'Busy season, so I understand the delay.',
];

export const REVIEW_OPENERS_BAD: readonly Template<ReviewContext>[] = [
  () => 'Waited three weeks for a callback.',
  (c) => `The same problem with our ${c.boat} came back a month later.`,
  () => 'Charged for parts we never saw.',
  () => 'Missed two appointments without calling.',
  (c) => `The ${c.service} was sloppy and we had to have it redone elsewhere.`,
];

export const REVIEW_FOLLOW_UPS_BAD: readonly Template<ReviewContext>[] = [
  () => 'Would not use again.',
  () => 'Disappointed.',
  () => 'Look elsewhere.',
];
